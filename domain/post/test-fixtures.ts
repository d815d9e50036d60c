import type { PostCommand, PostCommandMetadata } from './commands';
import type { PostEvent } from './events';
import type { Applicant, Expense, HomeLoan, Income } from './schemas';
import { defaultPreferences, toHomeLoan } from './schemas';

// A complete refinance post with two applicants, shared by the post's unit tests (and usable by API tests).

export const now = '2026-03-02T00:00:00.000Z';
export const currentYear = 2026;
export const ownerId = '11111111-1111-4111-8111-111111111111';
export const otherUserId = '22222222-2222-4222-8222-222222222222';
export const postId = '33333333-3333-4333-8333-333333333333';
export const productId = '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b';
export const homeLoanId = '44444444-4444-4444-8444-444444444444';
export const preferencesId = '55555555-5555-4555-8555-555555555555';
export const applicantIds = ['66666666-6666-4666-8666-666666666661', '66666666-6666-4666-8666-666666666662', '66666666-6666-4666-8666-666666666663'] as const;
export const incomeIds = ['77777777-7777-4777-8777-777777777771', '77777777-7777-4777-8777-777777777772'] as const;
export const expenseIds = ['88888888-8888-4888-8888-888888888881', '88888888-8888-4888-8888-888888888882'] as const;

export const asOwner: PostCommandMetadata = { actor: { user_id: ownerId, admin: false }, now };

export const sydney = { country: 'AU', state: 'NSW', suburb: 'Sydney', postcode: '2000', latitude: -33.87, longitude: 151.21 } as const;

export const refinanceLoan: HomeLoan = toHomeLoan({
  loan_type: 'refinance',
  loan_purpose: 'owner',
  loan_amount: 450_000,
  number_of_applicants: 2,
  number_of_dependants: 1,
  property_market_value: 600_000,
  user_address: sydney,
  organisation: 'Commonwealth Bank',
  interest_rate: 6.2,
  rate_type: 'variable',
  retention: false,
  fixed_rate_checkbox: true,
  cash_savings: 20_000,
  equity_from_another_property: false,
});

export const jane: Applicant = {
  first_name: 'Jane',
  last_name: 'Citizen',
  date_of_birth: 1985,
  credit_history: 'excellent',
  rent_expenses_value: null,
  rent_expenses_period: null,
};
export const john: Applicant = { ...jane, first_name: 'John', date_of_birth: 1983, credit_history: 'average' };

export const salary: Income = {
  income_type: 'employment_income',
  category: 'payg',
  description: 'Nurse',
  tax: 'before_tax',
  frequency: 'regular',
  period: 'yearly_income_period',
  value: 60_000,
};

export const livingCosts: Expense = {
  expense_type: 'general',
  applicants: [applicantIds[0], applicantIds[1]],
  value: 3_000,
  period: 'monthly_expenses_period',
};

const ref = { post_id: postId, owner_id: ownerId };

export const started: PostEvent = {
  type: 'PostStarted',
  data: { ...ref, product_id: productId, urgency: 'within_1_month', origin: 'auction', campaign_slug: null, campaign_id: null },
};

/** Every event of the complete post, before it is published. */
export const completePost: PostEvent[] = [
  started,
  { type: 'HomeLoanSet', data: { ...ref, home_loan_id: homeLoanId, home_loan: refinanceLoan } },
  { type: 'PreferencesSet', data: { ...ref, home_loan_id: homeLoanId, preferences_id: preferencesId, preferences: defaultPreferences } },
  { type: 'ApplicantAdded', data: { ...ref, applicant_id: applicantIds[0], number: 1, applicant: jane } },
  { type: 'ApplicantAdded', data: { ...ref, applicant_id: applicantIds[1], number: 2, applicant: john } },
  { type: 'IncomeAdded', data: { ...ref, income_id: incomeIds[0], applicant_id: applicantIds[0], income: salary } },
  { type: 'ExpenseAdded', data: { ...ref, expense_id: expenseIds[0], expense: livingCosts } },
];

export const published: PostEvent = {
  type: 'PostPublished',
  data: { ...ref, published_at: now, bidding_period_expiry_on: '2026-03-09T00:00:00.000Z', review_bids_on: '2026-03-11T00:00:00.000Z' },
};

/** A command without its metadata (any command of the post). */
export type PostCommandBody = PostCommand extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never;

/** The command as the owner sends it now (or with other metadata). */
export const withMetadata = (body: PostCommandBody, metadata: PostCommandMetadata = asOwner): PostCommand => ({ ...body, metadata }) as PostCommand;
