import type { z } from 'zod';
import type { PostChange } from '../../contracts/post-operations';
import type { PostPartCommand } from '../../domain/post/commands';
import { currentYearAt, type PostError, postErrors } from '../../domain/post/decider';
import {
  applicantChangesSchema,
  applicantSchema,
  expenseSchema,
  type FieldErrors,
  homeLoanChangesSchema,
  homeLoanDraftSchema,
  incomeChangesSchema,
  incomeSchema,
  postChangesSchema,
  preferencesChangesSchema,
  preferencesSchema,
} from '../../domain/post/schemas';
import type { PostPartKind } from '../../projections/posts/posts';
import { findPostOfPart } from '../../projections/posts/queries';
import type { PostRequester } from './post-caller';
import { readPost } from './read-post';
import { type PostCommandDependencies, type PostCommandResult, runPostCommand } from './run-post-command';

// The edit (spec 1 "/post/{uuid}/edit", and each step of the post wizard): several part changes decided as one
// (`EditPost`). A change's field errors are named `changes.<index>.<wrapper>.<field>`; nothing is saved unless all
// of them pass.

const kindOf: Partial<Record<PostChange['type'], PostPartKind>> = {
  set_home_loan: 'home_loan',
  set_preferences: 'preferences',
  add_applicant: 'applicant',
  add_income: 'income',
  add_expense: 'expense',
};

/** Checks the changes and decides them on the post as one command; 422 `POST_INVALID` names each bad change. */
export async function editPost(deps: PostCommandDependencies, requester: PostRequester, postId: string, changes: readonly PostChange[]): Promise<PostCommandResult> {
  const currentYear = currentYearAt(deps.clock.now().toISOString());
  const read = await readPost(deps, postId);
  if (!read) return { ok: false, error: { code: postErrors.notFound, message: 'Post not found.' } };
  const errors: FieldErrors = {};
  const commands: PostPartCommand[] = [];
  // A loan or preferences set by an earlier change of the same edit are the ones the later changes name.
  let home_loan_id = read.state.post.home_loan?.home_loan_id;
  let preferences_id = read.state.post.preferences?.preferences_id;
  const post_id = postId;

  for (const [index, change] of changes.entries()) {
    const at = `changes.${index}`;
    const kind = kindOf[change.type];
    if (kind && 'uuid' in change && (await findPostOfPart(deps.db, change.uuid, kind))) {
      errors[`${at}.uuid`] = ['This id is already used.'];
      continue;
    }
    const parsed = <T>(schema: z.ZodType<T>, value: unknown, wrapper: string): T | null => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) (errors[`${at}.${wrapper}.${issue.path.join('.')}`] ??= []).push(issue.message);
      return null;
    };
    const needsLoan = (wrapper: string) => (errors[`${at}.${wrapper}`] = ['Add the home loan first.']);
    switch (change.type) {
      case 'change_post': {
        const value = parsed(postChangesSchema, change.post, 'post');
        if (value) commands.push({ type: 'ChangePostDetails', data: { post_id, changes: value } });
        break;
      }
      case 'set_home_loan': {
        const value = parsed(homeLoanDraftSchema, change.home_loan, 'home_loan');
        if (value) commands.push({ type: 'SetHomeLoan', data: { post_id, home_loan_id: change.uuid, home_loan: value } });
        if (value && !home_loan_id) home_loan_id = change.uuid;
        break;
      }
      case 'change_home_loan': {
        const value = parsed(homeLoanChangesSchema, change.home_loan, 'home_loan');
        if (value && home_loan_id) commands.push({ type: 'ChangeHomeLoan', data: { post_id, home_loan_id, changes: value } });
        else if (value) needsLoan('home_loan');
        break;
      }
      case 'set_preferences': {
        const value = parsed(preferencesSchema, change.home_loan_preferences, 'home_loan_preferences');
        if (value && home_loan_id) commands.push({ type: 'SetPreferences', data: { post_id, home_loan_id, preferences_id: change.uuid, preferences: value } });
        else if (value) needsLoan('home_loan_preferences');
        if (value && !preferences_id) preferences_id = change.uuid;
        break;
      }
      case 'change_preferences': {
        const value = parsed(preferencesChangesSchema, change.home_loan_preferences, 'home_loan_preferences');
        if (value && preferences_id) commands.push({ type: 'ChangePreferences', data: { post_id, preferences_id, changes: value } });
        else if (value) errors[`${at}.home_loan_preferences`] = ['Add the preferences first.'];
        break;
      }
      case 'add_applicant': {
        const value = parsed(applicantSchema(currentYear), change.applicant, 'applicant');
        if (value && home_loan_id) commands.push({ type: 'AddApplicant', data: { post_id, home_loan_id, applicant_id: change.uuid, applicant: value } });
        else if (value) needsLoan('applicant');
        break;
      }
      case 'change_applicant': {
        const value = parsed(applicantChangesSchema(currentYear), change.applicant, 'applicant');
        if (value) commands.push({ type: 'ChangeApplicant', data: { post_id, applicant_id: change.uuid, changes: value } });
        break;
      }
      case 'remove_applicant':
        commands.push({ type: 'RemoveApplicant', data: { post_id, applicant_id: change.uuid } });
        break;
      case 'add_income': {
        const value = parsed(incomeSchema, change.income, 'income');
        if (value) commands.push({ type: 'AddIncome', data: { post_id, applicant_id: change.applicant_uuid, income_id: change.uuid, income: value } });
        break;
      }
      case 'change_income': {
        const value = parsed(incomeChangesSchema, change.income, 'income');
        if (value) commands.push({ type: 'ChangeIncome', data: { post_id, income_id: change.uuid, changes: value } });
        break;
      }
      case 'remove_income':
        commands.push({ type: 'RemoveIncome', data: { post_id, income_id: change.uuid } });
        break;
      case 'add_expense': {
        const value = parsed(expenseSchema, change.expense, 'expense');
        if (value && home_loan_id) commands.push({ type: 'AddExpense', data: { post_id, home_loan_id, expense_id: change.uuid, expense: value } });
        else if (value) needsLoan('expense');
        break;
      }
      case 'change_expense': {
        const value = parsed(expenseSchema, change.expense, 'expense');
        if (value) commands.push({ type: 'ChangeExpense', data: { post_id, expense_id: change.uuid, expense: value } });
        break;
      }
      case 'remove_expense':
        commands.push({ type: 'RemoveExpense', data: { post_id, expense_id: change.uuid } });
        break;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, error: invalidChanges(errors) };
  return runPostCommand(deps, requester, postId, { type: 'EditPost', data: { post_id: postId, commands } });
}

const invalidChanges = (errors: FieldErrors): PostError => ({ code: postErrors.invalid, message: 'Some changes are not valid.', errors });
