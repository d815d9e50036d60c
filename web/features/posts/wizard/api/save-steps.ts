import { campaignSlug, type HomeLoanDraft } from '../../../../../domain/post/schemas';
import type { PostView } from '../../../../../contracts/post';
import { ApiError, isApiError } from '../../../../lib/api-error';
import {
  createApplicant,
  createExpense,
  createIncome,
  deleteApplicant,
  deleteExpense,
  deleteIncome,
  type ExpenseFields,
  updateApplicant,
  updateExpense,
  updateIncome,
} from '../../api/applicants';
import { getPost } from '../../api/get-post';
import { createHomeLoan, createPreferences, updateHomeLoan, updatePreferences } from '../../api/home-loans';
import { createPost, updatePost, validatePost } from '../../api/posts';
import {
  type ApplicantsValues,
  type ExpensesValues,
  type IntroValues,
  type LoanDetailsValues,
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

// Sending a step to the server when its Next validates (spec 2 §4): the step's parts are created, changed or removed
// with the calls of spec 2 §7, then the post is read again. A 422's field errors come back named as the step's form
// names them ('applicants.1.first_name'), so they show under the right field.

/**
 * Runs a call; a 422's errors named `<wrapper>.<field>` (or `<field>`) are renamed `<at>.<field>`. `at` is '' for
 * the step's own fields.
 */
async function placed<T>(call: Promise<T>, wrapper: string, at: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!isApiError(error, 422)) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([key, messages]) => {
        const field = key.startsWith(`${wrapper}.`) ? key.slice(wrapper.length + 1) : key;
        return [at ? `${at}.${field}` : field, [...messages]];
      }),
    );
    throw new ApiError({ status: 422, title: error.title, detail: error.detail, code: error.code, errors });
  }
}

const loanOf = (post: PostView) => {
  if (!post.primary_home_loan) throw new ApiError({ status: 409, title: 'Conflict', detail: 'Describe the home loan first.' });
  return post.primary_home_loan;
};

/**
 * Tells the form the id of a row just created (`applicants.1.uuid`), so that a Next retried after a later call failed
 * changes that row instead of creating it twice. Every save also starts from the post as the server has it now.
 */
export type RememberId = (path: string, uuid: string) => void;

/**
 * Step 1: the first save makes the customer (unless one is logged in), the post and its home loan; later saves
 * change the urgency and the loan's type and purpose. `started` hears of a new post at once, so a retry after a
 * failed loan call continues that post instead of making another.
 */
export async function saveIntro(
  postUuid: string | null,
  values: IntroValues,
  slug: string | null,
  started: (postUuid: string, customerMade: boolean) => void,
): Promise<PostView> {
  const loanFields = { loan_type: values.loan_type, loan_purpose: values.loan_purpose };
  if (postUuid === null) {
    const customer = await ensureCustomer();
    const campaign = campaignSlug.safeParse(slug);
    const post = await placed(createPost({ urgency: values.urgency, campaign_slug: campaign.success ? campaign.data : null }), 'post', '');
    started(post.uuid, customer.made);
    await placed(createHomeLoan(post.uuid, loanFields), 'home_loan', '');
    return getPost(post.uuid);
  }
  const post = await getPost(postUuid);
  await placed(updatePost(postUuid, { urgency: values.urgency! }), 'post', '');
  const loan = post.primary_home_loan;
  await placed(loan ? updateHomeLoan(loan.uuid, loanFields) : createHomeLoan(postUuid, loanFields), 'home_loan', '');
  return getPost(postUuid);
}

/** Step 2: the lender preferences. */
export async function savePriorities(postUuid: string, values: PrioritiesValues): Promise<PostView> {
  const post = await getPost(postUuid);
  const loan = loanOf(post);
  const preferences = toPreferences(values);
  const saved = loan.home_loan_preferences;
  await placed(saved ? updatePreferences(saved.uuid, preferences) : createPreferences(loan.uuid, preferences), 'home_loan_preferences', '');
  return getPost(post.uuid);
}

/** Step 3: the loan itself. */
export async function saveLoanDetails(postUuid: string, values: LoanDetailsValues): Promise<PostView> {
  const post = await getPost(postUuid);
  const loan = loanOf(post);
  await placed(updateHomeLoan(loan.uuid, toLoanDetailsChanges(values, loan.loan_type, loan.loan_purpose)), 'home_loan', '');
  return getPost(post.uuid);
}

/** Step 4: applicants removed first (at most four at a time), then the loan's counts, then each applicant. */
export async function saveApplicants(postUuid: string, values: ApplicantsValues, remember: RememberId): Promise<PostView> {
  const post = await getPost(postUuid);
  const loan = loanOf(post);
  const kept = new Set(values.applicants.map((a) => a.uuid).filter((uuid) => uuid !== null));
  for (const gone of post.applicants.filter((a) => !kept.has(a.uuid))) await deleteApplicant(gone.uuid);
  const counts: HomeLoanDraft = {
    number_of_applicants: values.applicants.length,
    number_of_dependants: typeof values.number_of_dependants === 'number' ? values.number_of_dependants : null,
  };
  await placed(updateHomeLoan(loan.uuid, counts), 'home_loan', '');
  for (const [index, applicant] of values.applicants.entries()) {
    const fields = toApplicant(applicant) as Parameters<typeof createApplicant>[1];
    if (applicant.uuid) await placed(updateApplicant(applicant.uuid, fields), 'applicant', `applicants.${index}`);
    else remember(`applicants.${index}.uuid`, (await placed(createApplicant(loan.uuid, fields), 'applicant', `applicants.${index}`)).uuid);
  }
  return getPost(post.uuid);
}

/** Step 5: the savings on the loan, then the incomes (one moved to another applicant is made again under them). */
export async function saveSavings(postUuid: string, values: SavingsValues, remember: RememberId): Promise<PostView> {
  const post = await getPost(postUuid);
  const loan = loanOf(post);
  const savings: HomeLoanDraft = {
    cash_savings: typeof values.cash_savings === 'number' ? values.cash_savings : null,
    equity_from_another_property: values.equity_from_another_property,
  };
  await placed(updateHomeLoan(loan.uuid, savings), 'home_loan', '');
  const saved = post.applicants.flatMap((a) => a.incomes);
  const kept = new Map(values.incomes.filter((i) => i.uuid !== null).map((i) => [i.uuid!, i.applicant_uuid]));
  for (const gone of saved.filter((i) => kept.get(i.uuid) !== i.applicant_uuid)) await deleteIncome(gone.applicant_uuid, gone.uuid);
  for (const [index, income] of values.incomes.entries()) {
    const fields = toIncome(income) as Parameters<typeof createIncome>[1];
    const unchangedOwner = income.uuid !== null && saved.some((i) => i.uuid === income.uuid && i.applicant_uuid === income.applicant_uuid);
    if (unchangedOwner) await placed(updateIncome(income.applicant_uuid!, income.uuid!, fields), 'income', `incomes.${index}`);
    else remember(`incomes.${index}.uuid`, (await placed(createIncome(income.applicant_uuid!, fields), 'income', `incomes.${index}`)).uuid);
  }
  return getPost(post.uuid);
}

/** Step 6: expenses removed, then each expense created or replaced. */
export async function saveExpenses(postUuid: string, values: ExpensesValues, remember: RememberId): Promise<PostView> {
  const post = await getPost(postUuid);
  const loan = loanOf(post);
  const kept = new Set(values.expenses.map((e) => e.uuid).filter((uuid) => uuid !== null));
  for (const gone of post.expenses.filter((e) => !kept.has(e.uuid))) await deleteExpense(gone.uuid);
  for (const [index, expense] of values.expenses.entries()) {
    const { applicants, ...fields } = toExpense(expense);
    const body = fields as ExpenseFields;
    const ids = applicants as string[];
    // The expense's applicants answer as `applicants`, beside the wrapper: they land on `expenses.<index>.applicants`.
    if (expense.uuid) await placed(updateExpense(expense.uuid, ids, body), 'expense', `expenses.${index}`);
    else remember(`expenses.${index}.uuid`, (await placed(createExpense(loan.uuid, ids, body), 'expense', `expenses.${index}`)).uuid);
  }
  return getPost(post.uuid);
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
      await placed(registerCustomer(account.customerUuid, account.user), 'user', '');
    } catch (error) {
      if (isApiError(error, 422) && error.errors.email?.includes('takenEmail')) throw takenEmail();
      throw error;
    }
  }
  return placed(validatePost(post.uuid), 'post', '');
}
