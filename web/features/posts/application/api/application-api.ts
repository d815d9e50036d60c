import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { localitySearchAnswer } from '../../../../../domain/address/schemas';
import { newCustomerAnswer } from '../../../../../domain/user/customer-account';
import { applicantSchema, defaultPreferences, expenseSchema, incomeSchema } from '../../../../../domain/post/schemas';
import { isApiError } from '../../../../lib/api-error';
import { apiFetch } from '../../../../lib/api-fetch';
import { requestTokens } from '../../../../lib/auth-tokens';
import { createApplicant, createExpense, createIncome } from '../../api/applicants';
import { createHomeLoan, createPreferences } from '../../api/home-loans';
import { createPost, deletePost, validatePost } from '../../api/posts';
import type { ApplicationState, CreatedParts } from '../answers';
import { noCreatedParts } from '../answers';
import { accountHolderOf, applicantInputOf, homeLoanOf, incomeInputOf, livingExpenseInputOf, newPostOf } from '../submission';

// Every call of the application stepper: the customer account (spec 2 §7 "Post creation": POST /v2/users,
// POST /oauth/token with user_key, PATCH /v2/users/{uuid} operation update) and the post built from the answers
// with the post feature's calls, published at the end.

export { checkVerificationCode, sendVerificationCode } from '../../../../lib/account-api';

/**
 * Makes the customer the stepper works for, without personal data, and logs it in by its key (the tokens replace
 * any session of this browser). Answers the customer's uuid.
 */
export async function startCustomer(): Promise<string> {
  const created = await apiFetch('/v2/users', { method: 'POST', body: { user: { user_type: 'customer' } }, schema: newCustomerAnswer });
  const login = await requestTokens({ grant_type: 'user_key', user_key: created.user_key, client_id: 'web' });
  if (!login.ok) throw new Error(`Logging in the new customer failed (${login.status})`);
  return created.uuid;
}

export type Account = { email: string; password: string; password_confirmation: string };

/**
 * Creates the post and its parts from the answers, registers the customer, and publishes the post. Each created
 * part is reported through `onCreated` (kept locally), so a submit that fails half-way continues where it stopped;
 * parts made from older answers are dropped with their post first.
 */
export async function submitApplication(
  state: ApplicationState,
  account: Account,
  currentYear: number,
  onCreated: (created: CreatedParts) => void,
): Promise<{ post_id: string }> {
  const { answers, customer } = state;
  if (!customer) throw new Error('The mobile number step makes the customer first');
  const fingerprint = JSON.stringify(answers);
  let created = state.created;
  const save = (changes: Partial<CreatedParts>) => {
    created = { ...created, ...changes };
    onCreated(created);
  };

  if (created.post_id && created.fingerprint !== fingerprint) {
    await ignoreNotFound(deletePost(created.post_id));
    save({ ...noCreatedParts, registered: created.registered });
  }
  if (created.fingerprint !== fingerprint) save({ fingerprint });

  const postId = created.post_id ?? (await createPost(newPostOf(answers))).uuid;
  save({ post_id: postId });
  const homeLoanId = created.home_loan_id ?? (await createHomeLoan(postId, homeLoanOf(answers))).uuid;
  save({ home_loan_id: homeLoanId });
  if (!created.preferences_id) save({ preferences_id: (await createPreferences(homeLoanId, defaultPreferences)).uuid });

  const applicants = answers.applicants;
  for (const [index, applicant] of applicants.entries()) {
    if (created.applicant_ids[index]) continue;
    const made = await createApplicant(homeLoanId, applicantSchema(currentYear).parse(applicantInputOf(applicant)));
    save({ applicant_ids: [...created.applicant_ids, made.uuid] });
  }
  for (const [index, applicant] of applicants.entries()) {
    if (created.income_ids[index]) continue;
    const made = await createIncome(created.applicant_ids[index]!, incomeSchema.parse(incomeInputOf(applicant)));
    save({ income_ids: [...created.income_ids, made.uuid] });
  }
  if (!created.expense_id) {
    const { applicants: applicantIds, ...expense } = expenseSchema.parse(livingExpenseInputOf(answers, created.applicant_ids));
    save({ expense_id: (await createExpense(homeLoanId, applicantIds, expense)).uuid });
  }

  if (!created.registered) {
    const user = { ...accountHolderOf(answers), ...account, country_code: answers.country_code, mobile_number: answers.mobile_number };
    await apiFetch(`/v2/users/${encodeURIComponent(customer.uuid)}`, { method: 'PATCH', body: { operation: 'update', user }, schema: z.unknown() });
    save({ registered: true });
  }
  await validatePost(postId);
  return { post_id: postId };
}

async function ignoreNotFound(request: Promise<void>): Promise<void> {
  try {
    await request;
  } catch (error) {
    if (!isApiError(error, 404)) throw error;
  }
}

/** The places of one postcode (GET /v1/localities searches by the start of a postcode or a suburb's name). */
export const postcodeLocalitiesQueryOptions = (postcode: string) =>
  queryOptions({
    queryKey: ['localities', postcode, 'postcode'],
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(`/v1/localities?${new URLSearchParams({ search: postcode })}`, { schema: localitySearchAnswer, signal });
      return answer.result.filter((place) => place.postcode === postcode);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Lenders by name for the current-lender step (the public directory of GET /v1/organisation_directory, at most 20). */
const directory = z.object({ result: z.array(z.object({ uuid: z.uuid(), name: z.string() })) });
export const lendersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['application', 'lenders', search],
    queryFn: ({ signal }) => apiFetch(`/v1/organisation_directory?${new URLSearchParams(search ? { search } : {})}`, { schema: directory, signal }),
    select: (answer) => answer.result,
    staleTime: 60_000,
  });
