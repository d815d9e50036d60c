import { describe, expect, it } from 'vitest';
import { checkPostComplete, type PostContent } from '../../../../domain/post/completeness';
import { applicantSchema, defaultPreferences, expenseSchema, homeLoanSchema, incomeSchema, toHomeLoan } from '../../../../domain/post/schemas';
import { type ApplicationAnswers, emptyAnswers } from './answers';
import { isStepAnswered, stepErrors } from './step-checks';
import { stepsFor } from './steps';
import { accountHolderOf, applicantInputOf, homeLoanOf, incomeInputOf, livingExpenseInputOf, newPostOf } from './submission';

const year = 2026;

describe('answers → the post creation calls', () => {
  it('answers every step of a two-applicant refinance', () => {
    for (const step of stepsFor(refinance)) expect(stepErrors(step, refinance, year), step).toEqual({});
  });

  it('makes a post that is complete, so it can be published', () => {
    expect(checkPostComplete(postOf(refinance), year)).toEqual({});
    expect(checkPostComplete(postOf(newInvestment), year)).toEqual({});
  });

  it('sends the loan fields of the loan type and purpose only', () => {
    expect(homeLoanOf(refinance)).toMatchObject({ organisation: 'Westpac', interest_rate: 6.19, purchase_property_found: null, property_address: null, suburb_not_known_yet: null, number_of_applicants: 2 });
    expect(homeLoanOf({ ...refinance, loan_type: 'new_loan', purchase_property_found: true, off_the_plan_property: false })).toMatchObject({
      organisation: null,
      organisation_uuid: null,
      interest_rate: null,
      rate_type: null,
      retention: null,
      fixed_rate_checkbox: null,
      purchase_property_found: true,
    });
    expect(homeLoanOf(newInvestment)).toMatchObject({ property_address: null, suburb_not_known_yet: true });
    expect(homeLoanOf({ ...newInvestment, suburb_not_known_yet: false, property_address: melbourne })).toMatchObject({ property_address: melbourne, suburb_not_known_yet: false });
  });

  it('records each applicant’s main income before tax, a year, of the chosen type and category', () => {
    expect(incomeSchema.parse(incomeInputOf(refinance.applicants[0]!))).toEqual({
      income_type: 'employment_income',
      category: 'payg',
      description: 'Salary or wages (PAYG)',
      tax: 'before_tax',
      frequency: 'regular',
      period: 'yearly_income_period',
      value: 95_000,
    });
    expect(incomeSchema.parse(incomeInputOf(refinance.applicants[1]!))).toMatchObject({ income_type: 'self_employed', category: null });
  });

  it('covers every applicant by the living costs, and registers the first applicant as the account holder', () => {
    expect(livingExpenseInputOf(refinance, ['a', 'b'])).toEqual({ expense_type: 'general', applicants: ['a', 'b'], value: 3_200, period: 'monthly_expenses_period' });
    expect(accountHolderOf(refinance)).toEqual({ first_name: 'Mia', last_name: 'Nguyen' });
    expect(newPostOf(refinance)).toEqual({ urgency: 'within_1_month' });
  });
});

describe('the checks of each step (the domain’s rules)', () => {
  const errorsOn = (step: Parameters<typeof stepErrors>[0], answers: Partial<ApplicationAnswers>) => stepErrors(step, { ...refinance, ...answers }, year);

  it('requires an answer', () => {
    expect(stepErrors('loan-type', emptyAnswers, year)).toEqual({ loan_type: ['This field is required'] });
    expect(errorsOn('urgency', { urgency: null })).toEqual({ urgency: ['This field is required'] });
    expect(errorsOn('retention', { retention: null })).toEqual({ retention: ['This field is required'] });
  });

  it('bounds the loan amount and the loan-to-value ratio', () => {
    expect(errorsOn('loan-amount', { loan_amount: 199_999 })).toEqual({ loan_amount: ['Min value is 200,000'] });
    expect(errorsOn('loan-amount', { loan_amount: 540_000 })).toEqual({});
    expect(errorsOn('loan-amount', { loan_amount: 540_001 })).toEqual({ property_market_value: ['The loan can be at most 90% of the property value'] });
    expect(errorsOn('property-market-value', { property_market_value: 50_000_001 })).toEqual({ property_market_value: ['Max value is 50,000,000'] });
    // A lower value shows the rule on the loan amount's step, which comes after it.
    expect(errorsOn('property-market-value', { property_market_value: 300_000 })).toEqual({});
    expect(errorsOn('loan-amount', { property_market_value: 300_000 })).toEqual({
      loan_amount: ['The loan amount cannot be more than the property value'],
      property_market_value: ['The loan can be at most 90% of the property value'],
    });
  });

  it('needs the current lender, a rate within 1.5 to 15 and the fixed rate confirmation for a refinance', () => {
    expect(errorsOn('organisation', { organisation: '  ', organisation_uuid: null })).toEqual({ organisation: ['Choose your current lender'] });
    expect(errorsOn('interest-rate', { interest_rate: 1.49 })).toEqual({ interest_rate: ['Min value is 1.5'] });
    expect(errorsOn('interest-rate', { interest_rate: 15.01 })).toEqual({ interest_rate: ['Max value is 15'] });
    expect(errorsOn('interest-rate', { fixed_rate_checkbox: false })).toEqual({ fixed_rate_checkbox: ['Please confirm the fixed rate agreement'] });
  });

  it('needs the purchase answers for a new loan', () => {
    expect(errorsOn('purchase', { loan_type: 'new_loan' })).toEqual({ purchase_property_found: ['This field is required'], off_the_plan_property: ['This field is required'] });
  });

  it('needs a postcode of 4 digits and a suburb of that postcode', () => {
    expect(errorsOn('postcode', { postcode: '200' })).toEqual({ postcode: ['Should be 4 digits'] });
    expect(errorsOn('suburb', { user_address: null })).toEqual({ user_address: ['Postcode is missing. Pick a correct address.'] });
    expect(errorsOn('suburb', { postcode: '3000' })).toEqual({ user_address: ['Postcode is missing. Pick a correct address.'] });
    expect(errorsOn('property-postcode', { loan_purpose: 'investment', suburb_not_known_yet: true, property_postcode: '' })).toEqual({});
  });

  it('checks each applicant, their income, and 50,000 a year in total', () => {
    const [mia, leo] = refinance.applicants as [ApplicationAnswers['applicants'][number], ApplicationAnswers['applicants'][number]];
    expect(errorsOn('applicants', { applicants: [{ ...mia, first_name: 'M', date_of_birth: year - 17 }, leo] })).toEqual({
      'applicants.0.first_name': ['Should be at least 2 characters'],
      'applicants.0.date_of_birth': ['Age should be more than or equal to 18 years'],
    });
    expect(errorsOn('applicants', { applicants: [{ ...mia, income_source: null, yearly_income: 0 }] })).toEqual({
      'applicants.0.income_source': expect.arrayContaining(['This field is required']),
      'applicants.0.yearly_income': ['Should be more than 0'],
    });
    expect(errorsOn('applicants', { applicants: [{ ...mia, yearly_income: 49_999 }] })).toEqual({ incomes: ['The total yearly income must be at least 50,000'] });
    expect(errorsOn('applicants', { applicants: [{ ...mia, yearly_income: 50_000 }] })).toEqual({});
  });

  it('bounds the living costs by period, and needs a verified mobile number', () => {
    expect(errorsOn('expenses', { living_expenses: 12, living_expenses_period: 'weekly_expenses_period' })).toEqual({ value: ['Min value is 12.5 weekly'] });
    expect(errorsOn('expenses', { living_expenses: 12.5, living_expenses_period: 'weekly_expenses_period' })).toEqual({});
    expect(errorsOn('expenses', { living_expenses: null })).toEqual({ value: ['This field is required'] });
    expect(isStepAnswered('mobile-number', { ...refinance, mobile_verified: false }, year)).toBe(false);
    expect(errorsOn('mobile-number', { mobile_number: '12' })).toEqual({ mobile_number: ['Should be at least 7 digits'] });
  });
});

// ── Fixtures ────────────────────────────────────────────────────────────────────────────────────────────────────

const sydney = { country: 'AU', state: 'NSW', suburb: 'Sydney', postcode: '2000', latitude: -33.87, longitude: 151.21 } as const;
const melbourne = { country: 'AU', state: 'VIC', suburb: 'Melbourne', postcode: '3000', latitude: -37.81, longitude: 144.96 } as const;

const refinance: ApplicationAnswers = {
  ...emptyAnswers,
  loan_type: 'refinance',
  loan_purpose: 'owner',
  property_market_value: 600_000,
  loan_amount: 450_000,
  interest_rate: 6.19,
  rate_type: 'variable',
  fixed_rate_checkbox: true,
  organisation: 'Westpac',
  retention: false,
  postcode: '2000',
  user_address: sydney,
  applicants: [
    { first_name: 'Mia', last_name: 'Nguyen', date_of_birth: 1988, credit_history: 'excellent', income_source: 'payg', yearly_income: 95_000 },
    { first_name: 'Leo', last_name: 'Nguyen', date_of_birth: 1986, credit_history: 'average', income_source: 'self_employed', yearly_income: 40_000 },
  ],
  number_of_dependants: 1,
  equity_from_another_property: false,
  cash_savings: 25_000,
  urgency: 'within_1_month',
  living_expenses: 3_200,
  living_expenses_period: 'monthly_expenses_period',
  mobile_number: '0412 345 678',
  mobile_verified: true,
};

const newInvestment: ApplicationAnswers = {
  ...refinance,
  loan_type: 'new_loan',
  loan_purpose: 'investment',
  purchase_property_found: false,
  off_the_plan_property: false,
  property_postcode: '',
  suburb_not_known_yet: true,
  applicants: [refinance.applicants[0]!],
};

/** The post the calls would make, folded as the decider folds it. */
function postOf(answers: ApplicationAnswers): PostContent {
  const applicantIds = answers.applicants.map((_, i) => `66666666-6666-4666-8666-66666666666${i}`);
  return {
    post_id: '33333333-3333-4333-8333-333333333333',
    owner_id: '11111111-1111-4111-8111-111111111111',
    product_id: '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b',
    origin: 'auction',
    campaign_slug: null,
    campaign_id: null,
    urgency: newPostOf(answers).urgency ?? null,
    sort_by: null,
    home_loan: { ...toHomeLoan(homeLoanSchema.parse(homeLoanOf(answers))), home_loan_id: '44444444-4444-4444-8444-444444444444' },
    preferences: { ...defaultPreferences, preferences_id: '55555555-5555-4555-8555-555555555555' },
    applicants: answers.applicants.map((a, i) => ({ ...applicantSchema(year).parse(applicantInputOf(a)), applicant_id: applicantIds[i]!, number: i + 1 })),
    incomes: answers.applicants.map((a, i) => ({ ...incomeSchema.parse(incomeInputOf(a)), income_id: `77777777-7777-4777-8777-77777777777${i}`, applicant_id: applicantIds[i]! })),
    expenses: [{ ...expenseSchema.parse(livingExpenseInputOf(answers, applicantIds)), expense_id: '88888888-8888-4888-8888-888888888881' }],
    used_ids: [],
  };
}
