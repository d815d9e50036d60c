import { postcode } from '../../../../domain/address/schemas';
import { customerRegistration } from '../../../../domain/user/customer-account';
import { phoneNumber } from '../../../../domain/user/schemas';
import { totalYearlyIncome } from '../../../../domain/post/calculations';
import {
  applicantSchema,
  errorsOf,
  expenseSchema,
  type FieldErrors,
  homeLoanChangesSchema,
  homeLoanErrors,
  incomeSchema,
  mergeErrors,
  postChangesSchema,
  postLimits,
  postMessages,
  toHomeLoan,
} from '../../../../domain/post/schemas';
import type { ApplicationAnswers } from './answers';
import type { StepName } from './steps';
import { applicantInputOf, homeLoanOf, incomeInputOf, livingExpenseInputOf } from './submission';

// Each step's answers checked with the domain's rules (spec 2 §5 "Post creation"; docs/post-rules.md), so the
// stepper refuses what the server would. Keys are the answers' fields ('loan_amount', 'applicants.0.first_name').

/** The loan fields each loan step asks; the loan's rules across fields answer on them too (LVR on the value). */
const loanFieldsOf: Partial<Record<StepName, readonly string[]>> = {
  'loan-type': ['loan_type'],
  'loan-purpose': ['loan_purpose'],
  'property-market-value': ['property_market_value'],
  'loan-amount': ['loan_amount', 'property_market_value'],
  'interest-rate': ['interest_rate', 'rate_type', 'fixed_rate_checkbox'],
  purchase: ['purchase_property_found', 'off_the_plan_property'],
  organisation: ['organisation', 'organisation_uuid'],
  retention: ['retention'],
  suburb: ['user_address'],
  'property-suburb': ['property_address'],
  applicants: ['number_of_applicants'],
  'number-of-dependants': ['number_of_dependants'],
  'equity-from-another-property': ['equity_from_another_property'],
  'cash-savings': ['cash_savings'],
};

const verifyMobileMessage = 'Verify your mobile number with the code we send by SMS';

/** Stand-in applicant ids: the expense's own rules are checked before the applicants exist on the server. */
const standInIds = (count: number) => Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

/** The field errors of `step`'s answers; none when the step is answered. `currentYear` counts the applicants' ages. */
export function stepErrors(step: StepName, answers: ApplicationAnswers, currentYear: number): FieldErrors {
  const loanFields = loanFieldsOf[step];
  // The loan-to-value rules belong to the loan amount, asked after the value: they never hold the value's step.
  const loan = step === 'property-market-value' ? { ...answers, loan_amount: null } : answers;
  const errors: FieldErrors[] = loanFields ? [only(loanErrors(loan), loanFields)] : [];
  switch (step) {
    case 'postcode':
      errors.push(errorsOf(postcode, answers.postcode, 'postcode'));
      break;
    case 'suburb':
      if (answers.user_address && answers.user_address.postcode !== answers.postcode.trim()) errors.push({ user_address: [postMessages.postcodeMissing] });
      break;
    case 'property-postcode':
      if (!answers.suburb_not_known_yet) errors.push(errorsOf(postcode, answers.property_postcode, 'property_postcode'));
      break;
    case 'property-suburb':
      if (answers.property_address && answers.property_address.postcode !== answers.property_postcode.trim()) {
        errors.push({ property_address: [postMessages.postcodeMissing] });
      }
      break;
    case 'applicants':
      errors.push(applicantsErrors(answers, currentYear));
      break;
    case 'urgency':
      errors.push(errorsOf(postChangesSchema, { urgency: answers.urgency }));
      break;
    case 'expenses':
      errors.push(only(errorsOf(expenseSchema, livingExpenseInputOf(answers, standInIds(answers.applicants.length))), ['value', 'period']));
      break;
    case 'mobile-number':
      errors.push(errorsOf(phoneNumber, answers.mobile_number, 'mobile_number'));
      if (!answers.mobile_verified) errors.push({ verification_code: [verifyMobileMessage] });
      break;
    default:
      break;
  }
  return mergeErrors(...errors);
}

export const isStepAnswered = (step: StepName, answers: ApplicationAnswers, currentYear: number) => Object.keys(stepErrors(step, answers, currentYear)).length === 0;

/** The e-mail step's fields (the account's registration, spec 2 §5): what the server's schema would refuse. */
export function accountErrors(fields: { email: string; password: string; password_confirmation: string }, answers: ApplicationAnswers): FieldErrors {
  const holder = answers.applicants[0];
  const registration = {
    ...fields,
    first_name: holder?.first_name ?? '',
    last_name: holder?.last_name ?? '',
    country_code: answers.country_code,
    mobile_number: answers.mobile_number,
  };
  return only(errorsOf(customerRegistration, registration), ['email', 'password', 'password_confirmation']);
}

/**
 * The loan's field rules, plus what a complete loan needs of them (required fields, the current lender, the fixed
 * rate confirmation, LVR): homeLoanErrors runs on its own so a missing answer elsewhere never hides it.
 */
function loanErrors(answers: ApplicationAnswers): FieldErrors {
  const loan = homeLoanOf(answers);
  return mergeErrors(errorsOf(homeLoanChangesSchema, loan), homeLoanErrors(toHomeLoan(loan), 'complete'));
}

function applicantsErrors(answers: ApplicationAnswers, currentYear: number): FieldErrors {
  const errors: FieldErrors[] = [];
  answers.applicants.forEach((applicant, index) => {
    errors.push(errorsOf(applicantSchema(currentYear), applicantInputOf(applicant), `applicants.${index}`));
    // The income's type, category and description are one choice here; its value is the yearly income.
    const income = errorsOf(incomeSchema, incomeInputOf(applicant));
    const source = [...(income.income_type ?? []), ...(income.category ?? []), ...(income.description ?? [])];
    if (source.length > 0) errors.push({ [`applicants.${index}.income_source`]: source });
    if (income.value) errors.push({ [`applicants.${index}.yearly_income`]: income.value });
  });
  const merged = mergeErrors(...errors);
  const incomes = answers.applicants.map((a) => ({ value: a.yearly_income ?? 0, period: 'yearly_income_period' as const }));
  if (Object.keys(merged).length === 0 && totalYearlyIncome(incomes) < postLimits.incomeYearlyTotalMin) merged.incomes = [postMessages.yearlyIncomeTotal];
  return merged;
}

function only(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}
