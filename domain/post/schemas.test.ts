import { describe, expect, it } from 'vitest';
import { campaignMessages } from '../campaign/schemas';
import {
  applicantChangesSchema,
  applicantSchema,
  defaultPreferences,
  errorsOf,
  expenseSchema,
  homeLoanChangesSchema,
  homeLoanDraftSchema,
  homeLoanSchema,
  incomeChangesSchema,
  incomeSchema,
  newPostSchema,
  preferencesChangesSchema,
  preferencesSchema,
} from './schemas';
import { applicantIds, currentYear, jane, livingCosts, refinanceLoan, salary, sydney } from './test-fixtures';

// Every rule of spec 2 §5 "Post creation" at its boundary, on both sides: the last accepted value and the first refused.

type Case = [name: string, value: unknown, field: string, message: string | null];
const check = (schema: Parameters<typeof errorsOf>[0], cases: Case[]) =>
  it.each(cases)('%s', (_name, value, field, message) => {
    const errors = errorsOf(schema, value);
    if (message === null) expect(errors[field]).toBeUndefined();
    else expect(errors[field]).toContain(message);
  });

const loan = (changes: object) => ({ ...refinanceLoan, ...changes });
const newLoan = (changes: object) => loan({ loan_type: 'new_loan', organisation: null, interest_rate: null, rate_type: null, retention: null, fixed_rate_checkbox: null, purchase_property_found: false, off_the_plan_property: false, ...changes });

describe('the primary home loan', () => {
  it('accepts the complete refinance of the fixtures', () => {
    expect(errorsOf(homeLoanSchema, refinanceLoan)).toEqual({});
  });
  check(homeLoanSchema, [
    ['loan amount 200,000 passes', loan({ loan_amount: 200_000 }), 'loan_amount', null],
    ['loan amount 199,999 is refused', loan({ loan_amount: 199_999 }), 'loan_amount', 'Min value is 200,000'],
    ['loan amount 15,000,000 passes', loan({ loan_amount: 15_000_000, property_market_value: 20_000_000 }), 'loan_amount', null],
    ['loan amount 15,000,001 is refused', loan({ loan_amount: 15_000_001, property_market_value: 20_000_000 }), 'loan_amount', 'Max value is 15,000,000'],
    ['loan amount is required', loan({ loan_amount: null }), 'loan_amount', 'This field is required'],
    ['loan amount is a number', loan({ loan_amount: '300000' }), 'loan_amount', 'Should be a number'],
    ['market value 50,000,000 passes', loan({ property_market_value: 50_000_000 }), 'property_market_value', null],
    ['market value 50,000,001 is refused', loan({ property_market_value: 50_000_001 }), 'property_market_value', 'Max value is 50,000,000'],
    ['LVR of exactly 90% passes', loan({ loan_amount: 540_000, property_market_value: 600_000 }), 'property_market_value', null],
    ['LVR just above 90% is refused', loan({ loan_amount: 540_001, property_market_value: 600_000 }), 'property_market_value', 'The loan can be at most 90% of the property value'],
    ['a loan above the value is refused', loan({ loan_amount: 600_001, property_market_value: 600_000 }), 'loan_amount', 'The loan amount cannot be more than the property value'],
    ['1 applicant passes', loan({ number_of_applicants: 1 }), 'number_of_applicants', null],
    ['0 applicants are refused', loan({ number_of_applicants: 0 }), 'number_of_applicants', 'Min value is 1'],
    ['4 applicants pass', loan({ number_of_applicants: 4 }), 'number_of_applicants', null],
    ['5 applicants are refused', loan({ number_of_applicants: 5 }), 'number_of_applicants', 'Max value is 4'],
    ['0 dependants pass', loan({ number_of_dependants: 0 }), 'number_of_dependants', null],
    ['-1 dependants are refused', loan({ number_of_dependants: -1 }), 'number_of_dependants', 'Min value is 0'],
    ['3 dependants pass', loan({ number_of_dependants: 3 }), 'number_of_dependants', null],
    ['4 dependants are refused', loan({ number_of_dependants: 4 }), 'number_of_dependants', 'Max value is 3'],
    ['dependants are required', loan({ number_of_dependants: null }), 'number_of_dependants', 'This field is required'],
    ['interest rate 1.5 passes', loan({ interest_rate: 1.5 }), 'interest_rate', null],
    ['interest rate 1.49 is refused', loan({ interest_rate: 1.49 }), 'interest_rate', 'Min value is 1.5'],
    ['interest rate 0 is refused', loan({ interest_rate: 0 }), 'interest_rate', 'Min value is 1.5'],
    ['interest rate 15 passes', loan({ interest_rate: 15 }), 'interest_rate', null],
    ['interest rate 15.01 is refused', loan({ interest_rate: 15.01 }), 'interest_rate', 'Max value is 15'],
    ['interest rate is numeric', loan({ interest_rate: 'six' }), 'interest_rate', 'Should be a number'],
    ['refinance needs the interest rate', loan({ interest_rate: null }), 'interest_rate', 'This field is required'],
    ['refinance needs the rate type', loan({ rate_type: null }), 'rate_type', 'This field is required'],
    ['refinance takes retention false', loan({ retention: false }), 'retention', null],
    ['refinance needs retention', loan({ retention: null }), 'retention', 'This field is required'],
    ['refinance needs the fixed rate agreement', loan({ fixed_rate_checkbox: false }), 'fixed_rate_checkbox', 'Please confirm the fixed rate agreement'],
    ['refinance needs the organisation', loan({ organisation: null }), 'organisation', 'Choose your current lender'],
    ['refinance takes the organisation by id', loan({ organisation: null, organisation_uuid: applicantIds[0] }), 'organisation', null],
    ['a new loan needs no current rate', newLoan({}), 'interest_rate', null],
    ['a new loan takes false for property found', newLoan({}), 'purchase_property_found', null],
    ['a new loan needs property found', newLoan({ purchase_property_found: null }), 'purchase_property_found', 'This field is required'],
    ['a new loan needs off the plan', newLoan({ off_the_plan_property: null }), 'off_the_plan_property', 'This field is required'],
    ['cash savings 0 pass', loan({ cash_savings: 0 }), 'cash_savings', null],
    ['cash savings -1 are refused', loan({ cash_savings: -1 }), 'cash_savings', 'Min value is 0'],
    ['cash savings 500,000,000 pass', loan({ cash_savings: 500_000_000 }), 'cash_savings', null],
    ['cash savings 500,000,001 are refused', loan({ cash_savings: 500_000_001 }), 'cash_savings', 'Max value is 500,000,000'],
    ['equity from another property is true or false', loan({ equity_from_another_property: 'yes' }), 'equity_from_another_property', 'This field is required'],
    ['the user address is required', loan({ user_address: null }), 'user_address', 'Postcode is missing. Pick a correct address.'],
    ['an address without postcode is refused', loan({ user_address: { ...sydney, postcode: undefined } }), 'user_address.postcode', 'Postcode is missing. Pick a correct address.'],
    ['an owner needs no property address', loan({ property_address: null }), 'property_address', null],
    ['an investor needs the property address', loan({ loan_purpose: 'investment' }), 'property_address', 'Pick the property address, or tick that the suburb is not known yet'],
    ['or that its suburb is not known yet', loan({ loan_purpose: 'investment', suburb_not_known_yet: true }), 'property_address', null],
    ['the loan type is required', loan({ loan_type: null }), 'loan_type', 'This field is required'],
    ['build is not a loan type here', loan({ loan_type: 'build' }), 'loan_type', 'Choose one of the listed values'],
    ['the loan purpose is required', loan({ loan_purpose: undefined }), 'loan_purpose', 'This field is required'],
    ['unknown fields are refused', loan({ colour: 'red' }), 'body', 'Unrecognized key: "colour"'],
  ]);
  it('as a draft checks only what is given', () => {
    expect(errorsOf(homeLoanDraftSchema, { loan_type: 'refinance' })).toEqual({});
    expect(errorsOf(homeLoanDraftSchema, { loan_amount: 300_000, property_market_value: 300_000 })).toEqual({
      property_market_value: ['The loan can be at most 90% of the property value'],
    });
  });
});

describe('the home loan preferences', () => {
  const prefs = (changes: object) => ({ ...defaultPreferences, ...changes });
  it('default to everything optional, rate and repayment type any', () => {
    expect(errorsOf(preferencesSchema, defaultPreferences)).toEqual({});
  });
  const noLenders = { big_four_banks: 'no', online_banks: 'no', other_banks: 'no', credit_unions_and_other_institutions: 'no' };
  check(preferencesSchema, [
    ['one lender type optional is enough', prefs({ ...noLenders, online_banks: 'optional' }), 'lender_types', null],
    ['every lender type no is refused', prefs(noLenders), 'lender_types', 'Choose yes or optional for at least one lender type'],
    ['line of credit with a variable rate passes', prefs({ line_of_credit: 'yes', rate_type: 'variable' }), 'line_of_credit', null],
    ['line of credit with a fixed rate is refused', prefs({ line_of_credit: 'yes', rate_type: 'fixed' }), 'line_of_credit', 'A line of credit cannot be required with a fixed or any rate type'],
    ['line of credit with any rate is refused', prefs({ line_of_credit: 'yes', rate_type: 'any' }), 'rate_type', 'A line of credit cannot be required with a fixed or any rate type'],
    ['line of credit with an optional offset passes', prefs({ line_of_credit: 'yes', rate_type: 'split', offset_account: 'optional' }), 'offset_account', null],
    ['line of credit with a required offset is refused', prefs({ line_of_credit: 'yes', rate_type: 'split', offset_account: 'yes' }), 'offset_account', 'A line of credit and an offset account cannot both be required'],
    ['interest only needs its period', prefs({ repayment_type: 'interest_only' }), 'interest_only_period', 'Choose the interest only period'],
    ['interest only period 5 passes', prefs({ repayment_type: 'interest_only', interest_only_period: 5 }), 'interest_only_period', null],
    ['interest only period 6 is refused', prefs({ repayment_type: 'interest_only', interest_only_period: 6 }), 'interest_only_period', 'Max value is 5'],
    ['every preference is required', prefs({ redraw_facility: undefined }), 'redraw_facility', 'This field is required'],
    ['flexible is a boolean', prefs({ flexible: 'yes' }), 'flexible', 'This field is required'],
  ]);
});

describe('an applicant', () => {
  const applicant = (changes: object) => ({ ...jane, ...changes });
  check(applicantSchema(currentYear), [
    ['a name of 2 characters passes', applicant({ first_name: 'Jo' }), 'first_name', null],
    ['a name of 1 character is refused', applicant({ first_name: ' J ' }), 'first_name', 'Should be at least 2 characters'],
    ['the last name is required', applicant({ last_name: '' }), 'last_name', 'This field is required'],
    ['18 this year passes', applicant({ date_of_birth: currentYear - 18 }), 'date_of_birth', null],
    ['17 this year is refused', applicant({ date_of_birth: currentYear - 17 }), 'date_of_birth', 'Age should be more than or equal to 18 years'],
    ['80 this year passes', applicant({ date_of_birth: currentYear - 80 }), 'date_of_birth', null],
    ['81 this year is refused', applicant({ date_of_birth: currentYear - 81 }), 'date_of_birth', 'Age should be less than or equal to 80 years'],
    ['a birth year has four digits', applicant({ date_of_birth: 985 }), 'date_of_birth', 'Should be a four-digit year'],
    ['the birth year is required', applicant({ date_of_birth: undefined }), 'date_of_birth', 'This field is required'],
    ['the credit history is required', applicant({ credit_history: undefined }), 'credit_history', 'This field is required'],
    ['the credit history is one of four', applicant({ credit_history: 'great' }), 'credit_history', 'Choose one of the listed values'],
    ['rent needs a period', applicant({ rent_expenses_value: 300 }), 'rent_expenses_period', 'Choose the period of the rent'],
    ['rent 4,000 weekly passes', applicant({ rent_expenses_value: 4_000, rent_expenses_period: 'weekly_expenses_period' }), 'rent_expenses_value', null],
    ['rent 4,001 weekly is refused', applicant({ rent_expenses_value: 4_001, rent_expenses_period: 'weekly_expenses_period' }), 'rent_expenses_value', 'Max value is 4,000 weekly'],
    ['rent 8,001 fortnightly is refused', applicant({ rent_expenses_value: 8_001, rent_expenses_period: 'fortnightly_expenses_period' }), 'rent_expenses_value', 'Max value is 8,000 fortnightly'],
    ['rent 16,000 monthly passes', applicant({ rent_expenses_value: 16_000, rent_expenses_period: 'monthly_expenses_period' }), 'rent_expenses_value', null],
    ['rent 16,001 monthly is refused', applicant({ rent_expenses_value: 16_001, rent_expenses_period: 'monthly_expenses_period' }), 'rent_expenses_value', 'Max value is 16,000 monthly'],
  ]);
});

describe('an income', () => {
  const income = (changes: object) => ({ ...salary, ...changes });
  check(incomeSchema, [
    ['a value above 0 passes', income({ value: 0.01 }), 'value', null],
    ['a value of 0 is refused', income({ value: 0 }), 'value', 'Should be more than 0'],
    ['yearly just below 5,000,000 passes', income({ value: 4_999_999.99 }), 'value', null],
    ['yearly 5,000,000 is refused', income({ value: 5_000_000 }), 'value', 'Should be less than 5,000,000 a year'],
    ['weekly 96,153 passes (× 52 is below 5,000,000)', income({ value: 96_153, period: 'weekly_income_period' }), 'value', null],
    ['weekly 96,154 is refused', income({ value: 96_154, period: 'weekly_income_period' }), 'value', 'Should be less than 5,000,000 a year'],
    ['fortnightly 192,307 passes', income({ value: 192_307, period: 'fortnightly_income_period' }), 'value', null],
    ['fortnightly 192,308 is refused', income({ value: 192_308, period: 'fortnightly_income_period' }), 'value', 'Should be less than 5,000,000 a year'],
    ['monthly 416,666 passes', income({ value: 416_666, period: 'monthly_income_period' }), 'value', null],
    ['monthly 416,667 is refused', income({ value: 416_667, period: 'monthly_income_period' }), 'value', 'Should be less than 5,000,000 a year'],
    ['a category of the type passes', income({ income_type: 'centrelink', category: 'aged_pension' }), 'category', null],
    ['a category of another type is refused', income({ income_type: 'centrelink', category: 'payg' }), 'category', 'Choose a category of this income type'],
    ['a type without categories takes none', income({ income_type: 'dividends', category: null }), 'category', null],
    ['the description is required', income({ description: ' ' }), 'description', 'This field is required'],
    ['the tax is required', income({ tax: undefined }), 'tax', 'This field is required'],
    ['the frequency is required', income({ frequency: undefined }), 'frequency', 'This field is required'],
    ['the period is required', income({ period: undefined }), 'period', 'This field is required'],
  ]);
});

describe('an expense', () => {
  const general = (value: number, period: string) => ({ ...livingCosts, value, period });
  const of = (expense: Record<string, unknown>) => ({ applicants: [applicantIds[0]], ...expense });
  const personal = (repayment: number, period: string) => of({ expense_type: 'personal_or_car_loan', value: 20_000, repayment, period });
  const otherHomeLoan = (changes: object) =>
    of({ expense_type: 'other_home_loan', organisation: 'ANZ', refinance: false, value: 300_000, repayment: 2_000, period: 'monthly_expenses_period', ...changes });
  check(expenseSchema, [
    ['general 50 monthly passes', general(50, 'monthly_expenses_period'), 'value', null],
    ['general 49.99 monthly is refused', general(49.99, 'monthly_expenses_period'), 'value', 'Min value is 50 monthly'],
    ['general 100,000 monthly passes', general(100_000, 'monthly_expenses_period'), 'value', null],
    ['general 100,001 monthly is refused', general(100_001, 'monthly_expenses_period'), 'value', 'Max value is 100,000 monthly'],
    ['general 12.5 weekly passes (×4 = 50)', general(12.5, 'weekly_expenses_period'), 'value', null],
    ['general 12.49 weekly is refused', general(12.49, 'weekly_expenses_period'), 'value', 'Min value is 12.5 weekly'],
    ['general 25,000 weekly passes', general(25_000, 'weekly_expenses_period'), 'value', null],
    ['general 25,001 weekly is refused', general(25_001, 'weekly_expenses_period'), 'value', 'Max value is 25,000 weekly'],
    ['general 50,000 fortnightly passes', general(50_000, 'fortnightly_expenses_period'), 'value', null],
    ['general 50,001 fortnightly is refused', general(50_001, 'fortnightly_expenses_period'), 'value', 'Max value is 50,000 fortnightly'],
    ['an expense needs an applicant', { ...livingCosts, applicants: [] }, 'applicants', 'Select at least one applicant'],
    ['an applicant once only', { ...livingCosts, applicants: [applicantIds[0], applicantIds[0]] }, 'applicants', 'An applicant is selected twice'],
    ['repayment 12,500 weekly passes', personal(12_500, 'weekly_expenses_period'), 'repayment', null],
    ['repayment 12,501 weekly is refused', personal(12_501, 'weekly_expenses_period'), 'repayment', 'Max value is 12,500 weekly'],
    ['repayment 25,000 fortnightly passes', personal(25_000, 'fortnightly_expenses_period'), 'repayment', null],
    ['repayment 25,001 fortnightly is refused', personal(25_001, 'fortnightly_expenses_period'), 'repayment', 'Max value is 25,000 fortnightly'],
    ['repayment 50,000 monthly passes', personal(50_000, 'monthly_expenses_period'), 'repayment', null],
    ['repayment 50,001 monthly is refused', personal(50_001, 'monthly_expenses_period'), 'repayment', 'Max value is 50,000 monthly'],
    ['a personal loan needs its value', of({ expense_type: 'personal_or_car_loan', repayment: 100, period: 'weekly_expenses_period' }), 'value', 'This field is required'],
    ['rent 4,000 weekly passes', of({ expense_type: 'rent', value: 4_000, period: 'weekly_expenses_period' }), 'value', null],
    ['rent 4,001 weekly is refused', of({ expense_type: 'rent', value: 4_001, period: 'weekly_expenses_period' }), 'value', 'Max value is 4,000 weekly'],
    ['rent 8,001 fortnightly is refused', of({ expense_type: 'rent', value: 8_001, period: 'fortnightly_expenses_period' }), 'value', 'Max value is 8,000 fortnightly'],
    ['rent 16,001 monthly is refused', of({ expense_type: 'rent', value: 16_001, period: 'monthly_expenses_period' }), 'value', 'Max value is 16,000 monthly'],
    ['a card limit of 300,000 passes', of({ expense_type: 'credit_card_limits', value: 300_000, balance_owing: 0 }), 'value', null],
    ['a card limit of 300,001 is refused', of({ expense_type: 'credit_card_limits', value: 300_001, balance_owing: 0 }), 'value', 'Max value is 300,000'],
    ['a balance owing of 15,000 passes', of({ expense_type: 'credit_card_limits', value: 20_000, balance_owing: 15_000 }), 'balance_owing', null],
    ['a balance owing of 15,001 is refused', of({ expense_type: 'credit_card_limits', value: 20_000, balance_owing: 15_001 }), 'balance_owing', 'Max value is 15,000'],
    ['the balance owing is required', of({ expense_type: 'credit_card_limits', value: 20_000 }), 'balance_owing', 'This field is required'],
    ['a card has no period', of({ expense_type: 'credit_card_limits', value: 20_000, balance_owing: 0, period: 'weekly_expenses_period' }), 'body', 'Unrecognized key: "period"'],
    ['other expenses of 300,000 pass', of({ expense_type: 'others', value: 300_000, period: 'monthly_expenses_period' }), 'value', null],
    ['other expenses of 300,001 are refused', of({ expense_type: 'others', value: 300_001, period: 'monthly_expenses_period' }), 'value', 'Max value is 300,000'],
    ['another home loan needs its lender', otherHomeLoan({ organisation: null }), 'organisation', 'Choose your current lender'],
    ['another home loan to refinance needs its rate', otherHomeLoan({ refinance: true, property_market_value: 500_000, rate_type: 'fixed', loan_purpose: 'investment' }), 'interest_rate', 'This field is required'],
    ['another home loan rate 1.5 passes', otherHomeLoan({ interest_rate: 1.5 }), 'interest_rate', null],
    ['another home loan rate 0 is refused', otherHomeLoan({ interest_rate: 0 }), 'interest_rate', 'Min value is 1.5'],
    ['another home loan rate 15.01 is refused', otherHomeLoan({ interest_rate: 15.01 }), 'interest_rate', 'Max value is 15'],
    ['another home loan needs its repayment', otherHomeLoan({ repayment: undefined }), 'repayment', 'This field is required'],
    ['an unknown expense type is refused', { expense_type: 'holiday', applicants: [applicantIds[0]] }, 'expense_type', 'Choose an expense type'],
  ]);
  it('accepts another home loan to refinance with everything given', () => {
    expect(errorsOf(expenseSchema, otherHomeLoan({ refinance: true, property_market_value: 500_000, interest_rate: 5, rate_type: 'fixed', loan_purpose: 'investment' }))).toEqual({});
  });
});

describe('a change', () => {
  it('holds only the fields sent, so a merge never clears the others', () => {
    expect(applicantChangesSchema(currentYear).parse({ first_name: 'Jo' })).toEqual({ first_name: 'Jo' });
    expect(incomeChangesSchema.parse({ value: 1 })).toEqual({ value: 1 });
    expect(preferencesChangesSchema.parse({ flexible: false })).toEqual({ flexible: false });
    expect(homeLoanChangesSchema.parse({ loan_amount: 300_000 })).toEqual({ loan_amount: 300_000 });
  });
});

describe('a new post', () => {
  it('may leave the urgency for later, and names a campaign by its slug', () => {
    expect(newPostSchema.parse({})).toEqual({});
    expect(errorsOf(newPostSchema, { urgency: 'tomorrow' })).toEqual({ urgency: ['Choose one of the listed values'] });
    expect(errorsOf(newPostSchema, { campaign_slug: 'Spring Sale!' })).toEqual({ campaign_slug: [campaignMessages.slug] });
  });
});
