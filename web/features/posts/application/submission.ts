import type { HomeLoanDraft, NewPost } from '../../../../domain/post/schemas';
import type { ApplicantAnswer, ApplicationAnswers } from './answers';
import { incomeSources } from './income-sources';

// The stepper's answers as the bodies of the post creation calls (spec 2 §7 "Post creation"). What the stepper
// does not ask gets the values docs/application-stepper.md lists: default preferences, one yearly income before
// tax per applicant, and one general expense covering every applicant.

export const newPostOf = (answers: ApplicationAnswers): NewPost => ({ urgency: answers.urgency });

/** The primary home loan: only the fields the loan type and purpose use, so the server sees no stray answer. */
export function homeLoanOf(answers: ApplicationAnswers): HomeLoanDraft {
  const refinance = answers.loan_type === 'refinance';
  const newLoan = answers.loan_type === 'new_loan';
  const investment = answers.loan_purpose === 'investment';
  const organisation = answers.organisation.trim();
  return {
    loan_type: answers.loan_type,
    loan_purpose: answers.loan_purpose,
    loan_amount: answers.loan_amount,
    number_of_applicants: answers.applicants.length,
    number_of_dependants: answers.number_of_dependants,
    property_market_value: answers.property_market_value,
    user_address: answers.user_address,
    property_address: investment && !answers.suburb_not_known_yet ? answers.property_address : null,
    suburb_not_known_yet: investment ? answers.suburb_not_known_yet : null,
    organisation: refinance && organisation !== '' ? organisation : null,
    organisation_uuid: refinance ? answers.organisation_uuid : null,
    interest_rate: refinance ? answers.interest_rate : null,
    rate_type: refinance ? answers.rate_type : null,
    retention: refinance ? answers.retention : null,
    fixed_rate_checkbox: refinance ? answers.fixed_rate_checkbox : null,
    purchase_property_found: newLoan ? answers.purchase_property_found : null,
    off_the_plan_property: newLoan ? answers.off_the_plan_property : null,
    cash_savings: answers.cash_savings,
    equity_from_another_property: answers.equity_from_another_property,
  };
}

// The parts below are candidates, with null where an answer is missing: the domain's schemas check them on each
// step (./step-checks.ts) and parse them into the bodies sent (./api/application-api.ts).

/** The stepper asks no rent: applicants' rent stays empty. */
export function applicantInputOf(answer: ApplicantAnswer) {
  return {
    first_name: answer.first_name,
    last_name: answer.last_name,
    date_of_birth: answer.date_of_birth,
    credit_history: answer.credit_history,
    rent_expenses_value: null,
    rent_expenses_period: null,
  };
}

/** The applicant's main income: the source's type and category, before tax, regular, a year. */
export function incomeInputOf(answer: ApplicantAnswer) {
  const source = answer.income_source === null ? null : incomeSources[answer.income_source];
  return {
    income_type: source?.income_type ?? null,
    category: source?.category ?? null,
    description: source?.label ?? null,
    tax: 'before_tax',
    frequency: 'regular',
    period: 'yearly_income_period',
    value: answer.yearly_income,
  } as const;
}

/** The household's living costs, shared by every applicant (spec 2 §5: each applicant covered by a general expense). */
export function livingExpenseInputOf(answers: ApplicationAnswers, applicantIds: string[]) {
  return { expense_type: 'general', applicants: applicantIds, value: answers.living_expenses, period: answers.living_expenses_period } as const;
}

/** The account holder is the first applicant: their names register the customer (PATCH /v2/users). */
export function accountHolderOf(answers: ApplicationAnswers): { first_name: string; last_name: string } {
  const first = answers.applicants[0];
  return { first_name: first?.first_name.trim() ?? '', last_name: first?.last_name.trim() ?? '' };
}
