import { z } from 'zod';
import { australianAddress } from '../domain/address/schemas';
import { postStatuses } from '../domain/post/constants';
import { creditBandOf, creditBands, hasLoanToValueWarning, loanToValueRatio } from '../domain/post/calculations';
import type { PostApplicant, PostExpense, PostIncome } from '../domain/post/completeness';
import type { PostState } from '../domain/post/decider';
import {
  creditHistories,
  currentRateTypes,
  expensePeriods,
  expenseTypes,
  type HomeLoan,
  type HomeLoanPreferences,
  incomeCategoryValues,
  incomeFrequencies,
  incomePeriods,
  incomeTaxes,
  incomeTypes,
  loanPurposes,
  loanTypes,
  postOrigins,
  postSortKeys,
  preferenceValues,
  preferredRateTypes,
  repaymentTypes,
  urgencies,
} from '../domain/post/schemas';

// What the API answers about a post and its parts (spec 2 §3, §7 "Post creation": GET /v4/posts/{id} and the
// answers of the part calls). Output shapes only: every value may be null, because a pending post lacks values
// and an erased owner's personal fields read as null (crypto-shredding, DESIGN.md §2). No bounds are checked here:
// a stored value stays answerable even when a rule would refuse it today (an applicant's age grows each year).

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();
const address = nullable(australianAddress);


export const homeLoanPreferencesView = z.object({
  uuid: z.uuid(),
  big_four_banks: nullable(z.enum(preferenceValues)),
  online_banks: nullable(z.enum(preferenceValues)),
  other_banks: nullable(z.enum(preferenceValues)),
  credit_unions_and_other_institutions: nullable(z.enum(preferenceValues)),
  rate_type: nullable(z.enum(preferredRateTypes)),
  repayment_type: nullable(z.enum(repaymentTypes)),
  interest_only_period: nullable(z.number()),
  redraw_facility: nullable(z.enum(preferenceValues)),
  extra_repayments: nullable(z.enum(preferenceValues)),
  line_of_credit: nullable(z.enum(preferenceValues)),
  offset_account: nullable(z.enum(preferenceValues)),
  online_service: nullable(z.enum(preferenceValues)),
  home_or_office_visit: nullable(z.enum(preferenceValues)),
  weekend_or_after_hours: nullable(z.enum(preferenceValues)),
  lender_near_me: nullable(z.enum(preferenceValues)),
  flexible: nullable(z.boolean()),
});
export type HomeLoanPreferencesView = z.infer<typeof homeLoanPreferencesView>;

/** The primary home loan's own fields (POST /v2/posts/{id}/home_loans and PATCH /v2/home_loans/{id} answer this). */
export const homeLoanView = z.object({
  uuid: z.uuid(),
  loan_type: nullable(z.enum(loanTypes)),
  loan_purpose: nullable(z.enum(loanPurposes)),
  loan_amount: nullable(z.number()),
  number_of_applicants: nullable(z.number()),
  number_of_dependants: nullable(z.number()),
  property_market_value: nullable(z.number()),
  user_address: address,
  property_address: address,
  suburb_not_known_yet: nullable(z.boolean()),
  organisation: nullable(z.string()),
  organisation_uuid: nullable(z.uuid()),
  interest_rate: nullable(z.number()),
  rate_type: nullable(z.enum(currentRateTypes)),
  retention: nullable(z.boolean()),
  fixed_rate_checkbox: nullable(z.boolean()),
  purchase_property_found: nullable(z.boolean()),
  off_the_plan_property: nullable(z.boolean()),
  cash_savings: nullable(z.number()),
  equity_from_another_property: nullable(z.boolean()),
});
export type HomeLoanView = z.infer<typeof homeLoanView>;

/** The loan inside the post's answer, with its preferences (null until set). */
export const primaryHomeLoanView = homeLoanView.extend({ home_loan_preferences: homeLoanPreferencesView.nullable() });
export type PrimaryHomeLoanView = z.infer<typeof primaryHomeLoanView>;

export const incomeView = z.object({
  uuid: z.uuid(),
  applicant_uuid: z.uuid(),
  income_type: nullable(z.enum(incomeTypes)),
  category: nullable(z.enum(incomeCategoryValues)),
  description: nullable(z.string()),
  tax: nullable(z.enum(incomeTaxes)),
  frequency: nullable(z.enum(incomeFrequencies)),
  period: nullable(z.enum(incomePeriods)),
  value: nullable(z.number()),
});
export type IncomeView = z.infer<typeof incomeView>;

/** An applicant (POST /v2/home_loans/{id}/applicants and PATCH /v2/applicants/{id} answer this, without incomes). */
export const applicantView = z.object({
  uuid: z.uuid(),
  /** 1 to 4, kept for the applicant's life. */
  number: z.number().int(),
  first_name: nullable(z.string()),
  last_name: nullable(z.string()),
  full_name: nullable(z.string()),
  /** A year. */
  date_of_birth: nullable(z.number()),
  credit_history: nullable(z.enum(creditHistories)),
  rent_expenses_value: nullable(z.number()),
  rent_expenses_period: nullable(z.enum(expensePeriods)),
});
export type ApplicantView = z.infer<typeof applicantView>;
export const applicantWithIncomesView = applicantView.extend({ incomes: z.array(incomeView) });
export type ApplicantWithIncomesView = z.infer<typeof applicantWithIncomesView>;

/** Every expense type in one flat shape: the fields a type does not have are null. */
export const expenseView = z.object({
  uuid: z.uuid(),
  expense_type: nullable(z.enum(expenseTypes)),
  /** The applicants' uuids. */
  applicants: z.array(z.uuid()),
  value: nullable(z.number()),
  period: nullable(z.enum(expensePeriods)),
  repayment: nullable(z.number()),
  balance_owing: nullable(z.number()),
  description: nullable(z.string()),
  organisation: nullable(z.string()),
  organisation_uuid: nullable(z.uuid()),
  refinance: nullable(z.boolean()),
  property_market_value: nullable(z.number()),
  interest_rate: nullable(z.number()),
  rate_type: nullable(z.enum(currentRateTypes)),
  loan_purpose: nullable(z.enum(loanPurposes)),
});
export type ExpenseView = z.infer<typeof expenseView>;

export const creditBandView = z.object({
  key: z.enum(creditBands.map((b) => b.band_key) as [string, ...string[]]),
  label: z.string(),
  colour: z.string(),
});

/** GET /v4/posts/{id}: the post with every part, as its owner (or an admin) reads it. */
export const postView = z.object({
  uuid: z.uuid(),
  status: z.enum(postStatuses),
  urgency: nullable(z.enum(urgencies)),
  origin: z.enum(postOrigins),
  campaign_slug: nullable(z.string()),
  /** spec 2 §3: the campaign the post was started from (its link's slug above), null without one. */
  campaign_uuid: nullable(z.uuid()),
  sort_by: nullable(z.enum(postSortKeys)),
  product_uuid: z.uuid(),
  owner_uuid: z.uuid(),
  /** ISO instants. */
  created_at: z.string(),
  updated_at: z.string(),
  published_at: nullable(z.string()),
  bidding_period_expiry_on: nullable(z.string()),
  review_bids_on: nullable(z.string()),
  /** Set when the review period ends (processing): the post expires then unless a bid is accepted. */
  expiration_date: nullable(z.string()),
  /** Auto-Declare: the leading eligible bid is accepted when the review period ends (spec 1 §4). */
  auto_accept: z.boolean(),
  prioritised: z.boolean(),
  /** An admin stopped the auto-bids on the post (docs/post-lifecycle.md "Auto-bids on a post"). */
  auto_bids_stopped: z.boolean(),
  /** How many times the review period was extended (the limit is a system configuration). */
  review_extensions: z.number().int(),
  winning_bid_uuid: nullable(z.uuid()),
  /** Null unless cancelled (or erased). */
  reason_for_cancellation: nullable(z.string()),
  /** Loan amount × 100 / market value, two decimals (spec 1 §3); null while either is missing. */
  lvr: nullable(z.number()),
  /** spec 2 §5: above 80 % but within 90 % (`postMessages.lvrWarning`). */
  lvr_warning: z.boolean(),
  credit_band: creditBandView.nullable(),
  primary_home_loan: primaryHomeLoanView.nullable(),
  applicants: z.array(applicantWithIncomesView),
  expenses: z.array(expenseView),
});
export type PostView = z.infer<typeof postView>;

/** POST /v2/validations (spec 2 §7): check a part without saving it; public, for the wizard's first steps. */
export const validationTypes = ['post', 'home_loan', 'home_loan_draft', 'home_loan_preferences', 'applicant', 'income', 'expense'] as const;
export type ValidationType = (typeof validationTypes)[number];
export const validationBody = z.strictObject({
  validation: z.strictObject({ type: z.enum(validationTypes, { error: 'Choose one of the listed values' }), data: z.unknown() }),
});
export const validationAnswer = z.object({ valid: z.literal(true) });

// ── From the folded post to the views ───────────────────────────────────────────────────────────────────────────

/** What the stream tells besides the state: when the post began and last changed. */
export type PostTimes = { created_at: string; updated_at: string };

const round2 = (value: number) => Math.round(value * 100) / 100;

export function toHomeLoanView(loan: HomeLoan & { home_loan_id: string }): HomeLoanView {
  const { home_loan_id, ...fields } = loan;
  return { uuid: home_loan_id, ...fields };
}

export function toPreferencesView(preferences: HomeLoanPreferences & { preferences_id: string }): HomeLoanPreferencesView {
  const { preferences_id, ...fields } = preferences;
  return { uuid: preferences_id, ...fields };
}

export function toApplicantView(applicant: PostApplicant): ApplicantView {
  // An erased applicant keeps only its id and number: the other fields read as null.
  const a = valueOf(applicant);
  const names = [a('first_name'), a('last_name')].filter((n): n is string => typeof n === 'string');
  return {
    uuid: applicant.applicant_id,
    number: applicant.number,
    first_name: a('first_name'),
    last_name: a('last_name'),
    full_name: names.length > 0 ? names.join(' ') : null,
    date_of_birth: a('date_of_birth'),
    credit_history: a('credit_history'),
    rent_expenses_value: a('rent_expenses_value'),
    rent_expenses_period: a('rent_expenses_period'),
  };
}

export function toIncomeView(income: PostIncome): IncomeView {
  const i = valueOf(income);
  return {
    uuid: income.income_id,
    applicant_uuid: income.applicant_id,
    income_type: i('income_type'),
    category: i('category'),
    description: i('description'),
    tax: i('tax'),
    frequency: i('frequency'),
    period: i('period'),
    value: i('value'),
  };
}

export function toExpenseView(expense: PostExpense): ExpenseView {
  // Fields a type lacks read as null; an erased expense keeps only its id.
  const e = valueOf(expense as PostExpense & Partial<Record<ExpenseField, unknown>>) as <K extends ExpenseField>(key: K) => ExpenseView[K] | null;
  const applicants = (expense as Partial<PostExpense>).applicants;
  return {
    uuid: expense.expense_id,
    expense_type: e('expense_type'),
    applicants: Array.isArray(applicants) ? applicants : [],
    value: e('value'),
    period: e('period'),
    repayment: e('repayment'),
    balance_owing: e('balance_owing'),
    description: e('description'),
    organisation: e('organisation'),
    organisation_uuid: e('organisation_uuid'),
    refinance: e('refinance'),
    property_market_value: e('property_market_value'),
    interest_rate: e('interest_rate'),
    rate_type: e('rate_type'),
    loan_purpose: e('loan_purpose'),
  };
}
type ExpenseField = Exclude<keyof ExpenseView, 'uuid' | 'applicants'>;

/** The post's answer; `state` must hold a post (not `absent`). */
export function toPostView(state: Exclude<PostState, { status: 'absent' }>, times: PostTimes): PostView {
  const { post } = state;
  const loan = post.home_loan;
  const amount = loan?.loan_amount ?? null;
  const value = loan?.property_market_value ?? null;
  const hasValues = amount !== null && value !== null && value > 0;
  const histories = post.applicants.map((a) => a.credit_history).filter((h) => typeof h === 'string');
  const band = creditBandOf(histories);
  // Every status after publishing keeps the dates (domain/post/lifecycle.ts).
  const published = 'published_at' in state ? state : null;
  return {
    uuid: post.post_id,
    status: state.status,
    urgency: post.urgency,
    origin: post.origin,
    campaign_slug: post.campaign_slug,
    campaign_uuid: post.campaign_id,
    sort_by: post.sort_by,
    product_uuid: post.product_id,
    owner_uuid: post.owner_id,
    ...times,
    published_at: published?.published_at ?? null,
    bidding_period_expiry_on: published?.bidding_period_expiry_on ?? null,
    review_bids_on: published?.review_bids_on ?? null,
    expiration_date: published?.expiration_date ?? null,
    auto_accept: published?.auto_accept ?? false,
    prioritised: published?.prioritised ?? false,
    auto_bids_stopped: published?.auto_bids_stopped ?? false,
    review_extensions: published?.review_extensions ?? 0,
    winning_bid_uuid: published?.winning_bid?.bid_id ?? null,
    reason_for_cancellation: state.status === 'cancelled' ? state.reason : null,
    lvr: hasValues ? round2(loanToValueRatio(amount, value)) : null,
    lvr_warning: hasValues ? hasLoanToValueWarning(amount, value) : false,
    credit_band: band ? { key: band.band_key, label: band.label, colour: band.colour } : null,
    primary_home_loan: loan ? { ...toHomeLoanView(loan), home_loan_preferences: post.preferences ? toPreferencesView(post.preferences) : null } : null,
    applicants: post.applicants.map((a) => ({
      ...toApplicantView(a),
      incomes: post.incomes.filter((i) => i.applicant_id === a.applicant_id).map(toIncomeView),
    })),
    expenses: post.expenses.map(toExpenseView),
  };
}

/** A reader of a folded part's fields: one missing (erased data folds to nothing) reads as null. */
function valueOf<T extends object>(part: T): <K extends keyof T>(key: K) => T[K] | null {
  return (key) => part[key] ?? null;
}
