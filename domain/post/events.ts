import type {
  Applicant,
  ApplicantChanges,
  Expense,
  HomeLoan,
  HomeLoanChanges,
  HomeLoanPreferences,
  HomeLoanPreferencesChanges,
  Income,
  PostChanges,
  PostOrigin,
  PostSortKey,
  Urgency,
} from './schemas';
import { type LifecycleEvent, lifecycleEventTypes } from './lifecycle';

// The post aggregate's creation side (spec 2 §4, §7 "Post creation"): one stream per post holding the post and its
// parts. Every event names the post and its owner; the owner's key encrypts the personal fields
// (infrastructure/event-store/personal-data-policy.ts, docs/events.md "Post").

type PostRef = { post_id: string; owner_id: string };

/** POST /v2/products/{id}/posts: the customer starts describing a loan; the post is `pending`. */
export type PostStarted = {
  type: 'PostStarted';
  /**
   * `campaign_id`: the active campaign whose link (`/create-post?slug=`) the post was started from, with its slug;
   * both null otherwise (docs/campaigns.md). Absent in events written before campaigns existed: read as null.
   */
  data: PostRef & { product_id: string; urgency: Urgency | null; origin: PostOrigin; campaign_slug: string | null; campaign_id?: string | null };
};
/** PATCH /v2/posts/{id} `operation: update`. */
export type PostDetailsChanged = { type: 'PostDetailsChanged'; data: PostRef & { changes: PostChanges } };

/** POST /v2/posts/{id}/home_loans: the primary home loan (a draft while pending; personal: the addresses). */
export type HomeLoanSet = { type: 'HomeLoanSet'; data: PostRef & { home_loan_id: string; home_loan: HomeLoan } };
/** PATCH /v2/home_loans/{id}: only the fields that changed, with their new values. */
export type HomeLoanChanged = { type: 'HomeLoanChanged'; data: PostRef & { home_loan_id: string; changes: HomeLoanChanges } };

/** POST /v2/home_loans/{id}/home_loan_preferences. */
export type PreferencesSet = {
  type: 'PreferencesSet';
  data: PostRef & { home_loan_id: string; preferences_id: string; preferences: HomeLoanPreferences };
};
/** PATCH /v2/home_loan_preferences/{id}: only the fields that changed. */
export type PreferencesChanged = {
  type: 'PreferencesChanged';
  data: PostRef & { preferences_id: string; changes: HomeLoanPreferencesChanges };
};

/** POST /v2/home_loans/{id}/applicants; `number` is the lowest free of 1 to 4. `applicant` is personal. */
export type ApplicantAdded = { type: 'ApplicantAdded'; data: PostRef & { applicant_id: string; number: number; applicant: Applicant } };
/** PATCH /v2/applicants/{id}: only the fields that changed (personal). */
export type ApplicantChanged = { type: 'ApplicantChanged'; data: PostRef & { applicant_id: string; changes: ApplicantChanges } };
/**
 * DELETE /v2/applicants/{id}. Recorded after the events that take the applicant out of the other parts: an
 * `IncomeRemoved` per income of the applicant, an `ExpenseChanged` per expense shared with others (without the
 * applicant) and an `ExpenseRemoved` per expense of the applicant alone.
 */
export type ApplicantRemoved = { type: 'ApplicantRemoved'; data: PostRef & { applicant_id: string } };

/** POST /v2/applicants/{id}/incomes. `income` is personal. */
export type IncomeAdded = { type: 'IncomeAdded'; data: PostRef & { income_id: string; applicant_id: string; income: Income } };
/** PATCH /v2/applicants/{id}/incomes/{id}: the whole income after the change (personal). */
export type IncomeChanged = { type: 'IncomeChanged'; data: PostRef & { income_id: string; applicant_id: string; income: Income } };
/** DELETE /v2/applicants/{id}/incomes/{id}. */
export type IncomeRemoved = { type: 'IncomeRemoved'; data: PostRef & { income_id: string; applicant_id: string } };

/** POST /v2/home_loans/{id}/expenses. `expense` (with its applicants' ids) is personal. */
export type ExpenseAdded = { type: 'ExpenseAdded'; data: PostRef & { expense_id: string; expense: Expense } };
/** PATCH /v2/expenses/{id}: the whole expense after the change, its type may change too (personal). */
export type ExpenseChanged = { type: 'ExpenseChanged'; data: PostRef & { expense_id: string; expense: Expense } };
/** DELETE /v2/expenses/{id}. */
export type ExpenseRemoved = { type: 'ExpenseRemoved'; data: PostRef & { expense_id: string } };

/**
 * PATCH /v2/posts/{id} `operation: validate` on a complete post: pending → active (open for bids). Dates are ISO
 * instants: bidding ends `bidding_period_days` after `published_at`, the customer reviews the bids until
 * `review_period_days` after that (the settings in the command, docs/post-rules.md).
 */
export type PostPublished = {
  type: 'PostPublished';
  data: PostRef & { published_at: string; bidding_period_expiry_on: string; review_bids_on: string };
};
/** `operation: cancel`; `reason` is personal (free text); `cancelled_by` is the owner or an admin. */
export type PostCancelled = { type: 'PostCancelled'; data: PostRef & { reason: string; cancelled_by: string } };
/** `operation: request_update`: the customer asks for a change (free text, personal). */
export type PostUpdateRequested = { type: 'PostUpdateRequested'; data: PostRef & { message: string } };
/** `operation: set_sort`: how the customer wants the bids ordered. */
export type PostSortSet = { type: 'PostSortSet'; data: PostRef & { sort_by: PostSortKey } };
/** `operation: delete` (admin): the post, its bids and deals disappear from every list; the history stays. */
export type PostDeleted = { type: 'PostDeleted'; data: PostRef & { deleted_by: string } };

export type PostEvent =
  | PostStarted
  | PostDetailsChanged
  | HomeLoanSet
  | HomeLoanChanged
  | PreferencesSet
  | PreferencesChanged
  | ApplicantAdded
  | ApplicantChanged
  | ApplicantRemoved
  | IncomeAdded
  | IncomeChanged
  | IncomeRemoved
  | ExpenseAdded
  | ExpenseChanged
  | ExpenseRemoved
  | PostPublished
  | PostCancelled
  | PostUpdateRequested
  | PostSortSet
  | PostDeleted
  // After publishing: domain/post/lifecycle.ts.
  | LifecycleEvent;

export const postEventTypes = [
  'PostStarted',
  'PostDetailsChanged',
  'HomeLoanSet',
  'HomeLoanChanged',
  'PreferencesSet',
  'PreferencesChanged',
  'ApplicantAdded',
  'ApplicantChanged',
  'ApplicantRemoved',
  'IncomeAdded',
  'IncomeChanged',
  'IncomeRemoved',
  'ExpenseAdded',
  'ExpenseChanged',
  'ExpenseRemoved',
  'PostPublished',
  'PostCancelled',
  'PostUpdateRequested',
  'PostSortSet',
  'PostDeleted',
  ...lifecycleEventTypes,
] as const satisfies readonly PostEvent['type'][];

export const postStream = (postId: string) => `post-${postId}`;
