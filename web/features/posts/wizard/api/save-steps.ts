import { campaignSlug } from '../../../../../domain/campaign/schemas';
import type { PostView } from '../../../../../contracts/post';
import type { PostChange } from '../../../../../contracts/post-operations';
import { ApiError, isApiError } from '../../../../lib/api-error';
import { getPost } from '../../api/get-post';
import { createPost, editPost, validatePost } from '../../api/posts';
import {
  type ApplicantsValues,
  type ExpensesValues,
  type IntroValues,
  type LoanDetailsValues,
  newRowKey,
  type PrioritiesValues,
  type SavingsValues,
  toApplicant,
  toExpense,
  toIncome,
  toLoanDetailsChanges,
  toPreferences,
} from '../form-mapping';
import type { CustomerRegistration } from '../../../../../domain/user/customer-account';
import { emailIsFree } from '../../../../lib/account-api';
import { ensureCustomer, registerCustomer } from './customer-account';
import { emailTakenMessage } from '../../../../../domain/user/email-reservation';

// Sending a step to the server when its Next validates (spec 2 §4). A step is one request: its parts' changes go
// together as PATCH /v2/posts/{id} `operation: edit`, decided all or nothing, and the answer is the post as saved,
// which the step hands to the post's query (use-step-form.ts) — no read before or after. The changes are worked out
// from the post the step shows (the query's data, the previous step's answer). A new part carries its row's key
// as its uuid. A 422's field errors come back named as the step's form names them ('applicants.1.first_name'), so
// they show under the right field.

/** One change of a step and where its fields sit in the step's form ('' for the step's own fields, 'applicants.1'). */
type StepChange = { change: PostChange; at: string };

/** `changes.<index>.<wrapper>.<field>` → `<at>.<field>` of the change at that index; other names stay. */
function placedErrors(errors: Readonly<Record<string, readonly string[]>>, changes: readonly StepChange[]): Record<string, string[]> {
  const placed: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^changes\.(\d+)\.[^.]+(?:\.(.+))?$/.exec(key);
    const at = match ? changes[Number(match[1])]?.at : undefined;
    const field = match?.[2];
    const path = at === undefined ? key : field ? (at ? `${at}.${field}` : field) : at || key;
    placed[path] = [...(placed[path] ?? []), ...messages];
  }
  return placed;
}

/** Sends the step's changes as one edit; the post as saved (the same post when the step changed nothing). */
async function saveChanges(post: PostView, changes: readonly StepChange[]): Promise<PostView> {
  if (changes.length === 0) return post;
  try {
    return await editPost(
      post.uuid,
      changes.map((c) => c.change),
    );
  } catch (error) {
    if (!isApiError(error, 422)) throw error;
    throw new ApiError({ status: 422, title: error.title, detail: error.detail, code: error.code, errors: placedErrors(error.errors, changes) });
  }
}

/** A 422's errors named `<wrapper>.<field>` renamed `<field>`: the step's own fields. */
const renamedFrom =
  (wrapper: string) =>
  (error: unknown): never => {
    if (!isApiError(error, 422)) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [key.startsWith(`${wrapper}.`) ? key.slice(wrapper.length + 1) : key, [...messages]]));
    throw new ApiError({ status: 422, title: error.title, detail: error.detail, code: error.code, errors });
  };

const loanOf = (post: PostView) => {
  if (!post.primary_home_loan) throw new ApiError({ status: 409, title: 'Conflict', detail: 'Describe the home loan first.' });
  return post.primary_home_loan;
};

/**
 * Step 1: the first save makes the customer (unless one is logged in) and the post, then gives it its home loan;
 * later saves change the urgency and the loan's type and purpose. `started` hears of a new post at once, so a retry
 * after a failed loan call continues that post instead of making another.
 */
export async function saveIntro(
  shown: PostView | null,
  postUuid: string | null,
  values: IntroValues,
  slug: string | null,
  started: (postUuid: string, customerMade: boolean) => void,
): Promise<PostView> {
  const home_loan = { loan_type: values.loan_type, loan_purpose: values.loan_purpose };
  if (postUuid === null) {
    const customer = await ensureCustomer();
    const campaign = campaignSlug.safeParse(slug);
    const post = await createPost({ urgency: values.urgency, campaign_slug: campaign.success ? campaign.data : null }).catch(renamedFrom('post'));
    started(post.uuid, customer.made);
    return saveChanges(post, [{ change: { type: 'set_home_loan', uuid: newRowKey(), home_loan }, at: '' }]);
  }
  // The post the step shows, unless a retry continues one made by a save whose loan call failed.
  const post = shown?.uuid === postUuid ? shown : await getPost(postUuid);
  const loan = post.primary_home_loan;
  return saveChanges(post, [
    { change: { type: 'change_post', post: { urgency: values.urgency } }, at: '' },
    { change: loan ? { type: 'change_home_loan', home_loan } : { type: 'set_home_loan', uuid: newRowKey(), home_loan }, at: '' },
  ]);
}

/** Step 2: the lender preferences. */
export async function savePriorities(post: PostView, values: PrioritiesValues): Promise<PostView> {
  const home_loan_preferences = toPreferences(values);
  const saved = loanOf(post).home_loan_preferences;
  const change: PostChange = saved ? { type: 'change_preferences', home_loan_preferences } : { type: 'set_preferences', uuid: newRowKey(), home_loan_preferences };
  return saveChanges(post, [{ change, at: '' }]);
}

/** Step 3: the loan itself. */
export async function saveLoanDetails(post: PostView, values: LoanDetailsValues): Promise<PostView> {
  const loan = loanOf(post);
  return saveChanges(post, [{ change: { type: 'change_home_loan', home_loan: toLoanDetailsChanges(values, loan.loan_type, loan.loan_purpose) }, at: '' }]);
}

/** Step 4: applicants removed first (at most four at a time), then the loan's counts, then each applicant. */
export async function saveApplicants(post: PostView, values: ApplicantsValues): Promise<PostView> {
  loanOf(post);
  const saved = new Set(post.applicants.map((a) => a.uuid));
  const kept = new Set(values.applicants.map((a) => a.uuid).filter((uuid) => uuid !== null));
  const changes: StepChange[] = post.applicants.filter((a) => !kept.has(a.uuid)).map((gone) => ({ change: { type: 'remove_applicant', uuid: gone.uuid }, at: '' }));
  const counts = {
    number_of_applicants: values.applicants.length,
    number_of_dependants: typeof values.number_of_dependants === 'number' ? values.number_of_dependants : null,
  };
  changes.push({ change: { type: 'change_home_loan', home_loan: counts }, at: '' });
  for (const [index, applicant] of values.applicants.entries()) {
    const fields = toApplicant(applicant);
    const change: PostChange =
      applicant.uuid && saved.has(applicant.uuid) ? { type: 'change_applicant', uuid: applicant.uuid, applicant: fields } : { type: 'add_applicant', uuid: applicant.key, applicant: fields };
    changes.push({ change, at: `applicants.${index}` });
  }
  return saveChanges(post, changes);
}

/** Step 5: the savings on the loan, then the incomes (one moved to another applicant is made again under them). */
export async function saveSavings(post: PostView, values: SavingsValues): Promise<PostView> {
  loanOf(post);
  const savings = {
    cash_savings: typeof values.cash_savings === 'number' ? values.cash_savings : null,
    equity_from_another_property: values.equity_from_another_property,
  };
  const changes: StepChange[] = [{ change: { type: 'change_home_loan', home_loan: savings }, at: '' }];
  const saved = post.applicants.flatMap((a) => a.incomes);
  const kept = new Map(values.incomes.filter((i) => i.uuid !== null).map((i) => [i.uuid!, i.applicant_uuid]));
  for (const gone of saved.filter((i) => kept.get(i.uuid) !== i.applicant_uuid)) changes.push({ change: { type: 'remove_income', uuid: gone.uuid }, at: '' });
  for (const [index, income] of values.incomes.entries()) {
    const fields = toIncome(income);
    const unchangedOwner = income.uuid !== null && saved.some((i) => i.uuid === income.uuid && i.applicant_uuid === income.applicant_uuid);
    // A moved income is removed above; its new part needs a new id (a removed part's id stays used).
    const change: PostChange = unchangedOwner
      ? { type: 'change_income', uuid: income.uuid!, income: fields }
      : { type: 'add_income', uuid: income.uuid ? newRowKey() : income.key, applicant_uuid: income.applicant_uuid!, income: fields };
    changes.push({ change, at: `incomes.${index}` });
  }
  return saveChanges(post, changes);
}

/** Step 6: expenses removed, then each expense created or replaced (its applicants inside it). */
export async function saveExpenses(post: PostView, values: ExpensesValues): Promise<PostView> {
  loanOf(post);
  const saved = new Set(post.expenses.map((e) => e.uuid));
  const kept = new Set(values.expenses.map((e) => e.uuid).filter((uuid) => uuid !== null));
  const changes: StepChange[] = post.expenses.filter((e) => !kept.has(e.uuid)).map((gone) => ({ change: { type: 'remove_expense', uuid: gone.uuid }, at: '' }));
  for (const [index, expense] of values.expenses.entries()) {
    const fields = toExpense(expense);
    const change: PostChange =
      expense.uuid && saved.has(expense.uuid) ? { type: 'change_expense', uuid: expense.uuid, expense: fields } : { type: 'add_expense', uuid: expense.key, expense: fields };
    changes.push({ change, at: `expenses.${index}` });
  }
  return saveChanges(post, changes);
}

/** spec 2 §8 "takenEmail", in words (the sign-up form says the same). */
export const takenEmailMessage = emailTakenMessage;

const takenEmail = () => new ApiError({ status: 422, title: 'Unprocessable Content', code: 'EMAIL_TAKEN', errors: { email: [takenEmailMessage] } });

/**
 * Step 7: the account of a customer still creating is completed first (the e-mail checked, then
 * `PATCH /v2/users/{uuid}`), then the post is published (`operation: validate`; the customer becomes active).
 */
export async function publishPost(post: PostView, account: { customerUuid: string; user: CustomerRegistration } | null): Promise<PostView> {
  if (account) {
    if (!(await emailIsFree(account.user.email))) throw takenEmail();
    try {
      await registerCustomer(account.customerUuid, account.user).catch(renamedFrom('user'));
    } catch (error) {
      if (isApiError(error, 422) && error.errors.email?.includes('takenEmail')) throw takenEmail();
      throw error;
    }
  }
  return validatePost(post.uuid).catch(renamedFrom('post'));
}
