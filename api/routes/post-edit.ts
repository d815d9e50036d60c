import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PostPartCommand } from '../../domain/post/commands';
import { currentYearAt, postErrors, type PostState } from '../../domain/post/decider';
import {
  applicantChangesSchema,
  applicantSchema,
  expenseSchema,
  type FieldErrors,
  homeLoanChangesSchema,
  incomeChangesSchema,
  incomeSchema,
  preferencesChangesSchema,
} from '../../domain/post/schemas';
import type { PostPartKind } from '../../projections/posts/posts';
import { findPostOfPart } from '../../projections/posts/queries';
import type { AppDependencies } from '../dependencies';
import { problem, sendProblem } from '../problem';
import type { postCommands } from './post-commands';

// The edit screen's save (spec 1 "/post/{uuid}/edit"): several part changes decided as one (`EditPost`), so an open
// post that must stay complete can change applicants, incomes and expenses together. New parts carry a uuid the
// client made (so the changes after them, and any error, can name them); one already used anywhere is refused.

const part = z.record(z.string(), z.unknown());
const id = z.uuid();

export const postChange = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('change_home_loan'), home_loan: part }),
    z.strictObject({ type: z.literal('change_preferences'), home_loan_preferences: part }),
    z.strictObject({ type: z.literal('add_applicant'), uuid: id, applicant: part }),
    z.strictObject({ type: z.literal('change_applicant'), uuid: id, applicant: part }),
    z.strictObject({ type: z.literal('remove_applicant'), uuid: id }),
    z.strictObject({ type: z.literal('add_income'), uuid: id, applicant_uuid: id, income: part }),
    z.strictObject({ type: z.literal('change_income'), uuid: id, income: part }),
    z.strictObject({ type: z.literal('remove_income'), uuid: id }),
    z.strictObject({ type: z.literal('add_expense'), uuid: id, expense: part }),
    z.strictObject({ type: z.literal('change_expense'), uuid: id, expense: part }),
    z.strictObject({ type: z.literal('remove_expense'), uuid: id }),
  ],
  { error: 'Unknown change.' },
);
export type PostChange = z.infer<typeof postChange>;

export const editOperation = z.strictObject({ operation: z.literal('edit'), changes: z.array(postChange).min(1, 'Nothing to save.').max(100) });

const kindOf: Partial<Record<PostChange['type'], PostPartKind>> = { add_applicant: 'applicant', add_income: 'income', add_expense: 'expense' };

/** Runs the edit; answers the post's new state, or null after answering the problem. */
export async function editPost(
  deps: AppDependencies,
  posts: ReturnType<typeof postCommands>,
  request: FastifyRequest,
  reply: FastifyReply,
  postId: string,
  changes: readonly PostChange[],
): Promise<PostState | null> {
  const currentYear = currentYearAt(deps.clock.now().toISOString());
  const read = await posts.readPost(postId);
  if (!read) return null;
  const errors: FieldErrors = {};
  const commands: PostPartCommand[] = [];
  const home_loan_id = read.state.post.home_loan?.home_loan_id;
  const preferences_id = read.state.post.preferences?.preferences_id;

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
    const post_id = postId;
    switch (change.type) {
      case 'change_home_loan': {
        const value = parsed(homeLoanChangesSchema, change.home_loan, 'home_loan');
        if (value && home_loan_id) commands.push({ type: 'ChangeHomeLoan', data: { post_id, home_loan_id, changes: value } });
        else if (value) errors[`${at}.home_loan`] = ['Add the home loan first.'];
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
        else if (value) errors[`${at}.applicant`] = ['Add the home loan first.'];
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
        else if (value) errors[`${at}.expense`] = ['Add the home loan first.'];
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
  if (Object.keys(errors).length > 0) {
    await sendProblem(reply, problem(422, postErrors.invalid, 'Some changes are not valid.', errors));
    return null;
  }
  return posts.decide(request, reply, postId, { type: 'EditPost', data: { post_id: postId, commands } });
}
