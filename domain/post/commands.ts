import type {
  ApplicantChanges,
  Applicant,
  Expense,
  HomeLoanDraft,
  HomeLoanPreferences,
  HomeLoanPreferencesChanges,
  Income,
  PostChanges,
  PostOrigin,
  PostSortKey,
  Urgency,
} from './schemas';
import type { LifecycleCommand } from './lifecycle';

// Commands of the post aggregate (spec 2 §4, §7 "Post creation"). Ids of new parts come in the command (the API
// makes them); the acting user and the time come in `metadata` (the decider reads no clock).

/** Who acts: the post's owner for everything; an admin may also cancel and delete (spec 1 §2 "Admin actions"). */
export type PostActor = { user_id: string; admin: boolean };
/** `now`: an ISO instant; it dates the bidding period and gives the year the applicants' ages are counted in. */
export type PostCommandMetadata = { actor: PostActor; now: string };

/** The bidding period and the review time after it, from the system configuration (docs/post-rules.md defaults). */
export type PublishSettings = { bidding_period_days: number; review_period_days: number };

export type StartPost = {
  type: 'StartPost';
  data: { post_id: string; owner_id: string; product_id: string; origin: PostOrigin; urgency: Urgency | null; campaign_slug: string | null; campaign_id: string | null };
};
export type ChangePostDetails = { type: 'ChangePostDetails'; data: { post_id: string; changes: PostChanges } };

export type SetHomeLoan = { type: 'SetHomeLoan'; data: { post_id: string; home_loan_id: string; home_loan: HomeLoanDraft } };
/** A field set to null is cleared (only while the post is pending: an active post stays complete). */
export type ChangeHomeLoan = { type: 'ChangeHomeLoan'; data: { post_id: string; home_loan_id: string; changes: HomeLoanDraft } };

export type SetPreferences = {
  type: 'SetPreferences';
  data: { post_id: string; home_loan_id: string; preferences_id: string; preferences: HomeLoanPreferences };
};
export type ChangePreferences = { type: 'ChangePreferences'; data: { post_id: string; preferences_id: string; changes: HomeLoanPreferencesChanges } };

export type AddApplicant = { type: 'AddApplicant'; data: { post_id: string; home_loan_id: string; applicant_id: string; applicant: Applicant } };
export type ChangeApplicant = { type: 'ChangeApplicant'; data: { post_id: string; applicant_id: string; changes: ApplicantChanges } };
/** Also removes the applicant's incomes and takes the applicant off the expenses. Unknown ids change nothing. */
export type RemoveApplicant = { type: 'RemoveApplicant'; data: { post_id: string; applicant_id: string } };

export type AddIncome = { type: 'AddIncome'; data: { post_id: string; applicant_id: string; income_id: string; income: Income } };
export type ChangeIncome = { type: 'ChangeIncome'; data: { post_id: string; income_id: string; changes: Partial<Income> } };
/** Unknown ids change nothing (spec 2 §7: an income already gone counts as deleted). */
export type RemoveIncome = { type: 'RemoveIncome'; data: { post_id: string; income_id: string } };

export type AddExpense = { type: 'AddExpense'; data: { post_id: string; home_loan_id: string; expense_id: string; expense: Expense } };
/** The whole expense after the change: its type decides its fields, so it is replaced, not merged. */
export type ChangeExpense = { type: 'ChangeExpense'; data: { post_id: string; expense_id: string; expense: Expense } };
/** Unknown ids change nothing (spec 2 §7: an expense already gone counts as deleted). */
export type RemoveExpense = { type: 'RemoveExpense'; data: { post_id: string; expense_id: string } };

/** The `validate` operation: publishes a complete pending post; an active post is left as it is. */
export type PublishPost = { type: 'PublishPost'; data: { post_id: string; settings?: PublishSettings } };
export type CancelPost = { type: 'CancelPost'; data: { post_id: string; reason: string } };
export type RequestPostUpdate = { type: 'RequestPostUpdate'; data: { post_id: string; message: string } };
export type SetPostSort = { type: 'SetPostSort'; data: { post_id: string; sort_by: PostSortKey } };
/** Admin only, in any status (spec 1 §2 "Admin actions"). */
export type DeletePost = { type: 'DeletePost'; data: { post_id: string } };

/** Commands on the post's parts; `EditPost` decides several of them together. */
export type PostPartCommand =
  | ChangePostDetails
  | SetHomeLoan
  | ChangeHomeLoan
  | SetPreferences
  | ChangePreferences
  | AddApplicant
  | ChangeApplicant
  | RemoveApplicant
  | AddIncome
  | ChangeIncome
  | RemoveIncome
  | AddExpense
  | ChangeExpense
  | RemoveExpense;

/**
 * Several part changes decided as one, all or nothing, and the post's completeness checked once at the end: an
 * active post stays complete after every accepted command, so a change that needs several steps (a new applicant
 * with the general expense that covers them, or one less applicant with the loan's number_of_applicants) goes
 * through here. Each inner command names the same post.
 */
export type EditPost = { type: 'EditPost'; data: { post_id: string; commands: PostPartCommand[] } };

type WithMetadata<C> = C extends unknown ? C & { metadata: PostCommandMetadata } : never;

/** The lifecycle commands (domain/post/lifecycle.ts) carry their own metadata: the scheduler and reactors act too. */
export type PostCommand = WithMetadata<StartPost | PostPartCommand | EditPost | PublishPost | CancelPost | RequestPostUpdate | SetPostSort | DeletePost> | LifecycleCommand;
