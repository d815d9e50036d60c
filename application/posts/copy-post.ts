import type { PostPartCommand } from '../../domain/post/commands';
import type { PostRequester } from './post-caller';
import { type ExistingPost, readPost } from './read-post';
import { type PostCommandDependencies, type PostCommandResult, runPostCommand } from './run-post-command';

/**
 * A pending copy of a post (POST /v3/posts/{id}/clones): every part under a new id, to describe a similar loan again.
 * The parts go in one append, so the copy has all of them or none (then it is an empty pending post).
 */
export async function copyPost(deps: PostCommandDependencies, requester: PostRequester, sourceId: string): Promise<(PostCommandResult & { postId: string }) | null> {
  const read = await readPost(deps, sourceId);
  if (!read) return null;
  const source = read.state.post;
  const postId = deps.ids.uuid();
  const started = await runPostCommand(deps, requester, postId, {
    type: 'StartPost',
    data: { post_id: postId, owner_id: source.owner_id, product_id: source.product_id, origin: source.origin, urgency: source.urgency, campaign_slug: source.campaign_slug, campaign_id: source.campaign_id },
  });
  if (!started.ok) return { ...started, postId };
  const parts = copiedParts(source, postId, () => deps.ids.uuid());
  if (parts.length === 0) return { ...started, postId };
  return { ...(await runPostCommand(deps, requester, postId, { type: 'EditPost', data: { post_id: postId, commands: parts } })), postId };
}

/** The commands that rebuild a post's parts in another post, each part under a new id. */
function copiedParts(source: ExistingPost['post'], postId: string, newId: () => string): PostPartCommand[] {
  const loan = source.home_loan;
  if (!loan) return [];
  const { home_loan_id: _loanId, ...homeLoan } = loan;
  const homeLoanId = newId();
  const commands: PostPartCommand[] = [{ type: 'SetHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, home_loan: homeLoan } }];
  if (source.preferences) {
    const { preferences_id: _preferencesId, ...preferences } = source.preferences;
    commands.push({ type: 'SetPreferences', data: { post_id: postId, home_loan_id: homeLoanId, preferences_id: newId(), preferences } });
  }
  const applicantIds = new Map<string, string>();
  for (const { applicant_id, number: _number, ...applicant } of source.applicants) {
    const id = newId();
    applicantIds.set(applicant_id, id);
    commands.push({ type: 'AddApplicant', data: { post_id: postId, home_loan_id: homeLoanId, applicant_id: id, applicant } });
  }
  for (const { income_id: _incomeId, applicant_id, ...income } of source.incomes) {
    const applicantId = applicantIds.get(applicant_id);
    if (applicantId) commands.push({ type: 'AddIncome', data: { post_id: postId, applicant_id: applicantId, income_id: newId(), income } });
  }
  for (const { expense_id: _expenseId, ...expense } of source.expenses) {
    const applicants = expense.applicants.flatMap((id) => applicantIds.get(id) ?? []);
    commands.push({ type: 'AddExpense', data: { post_id: postId, home_loan_id: homeLoanId, expense_id: newId(), expense: { ...expense, applicants } } });
  }
  return commands;
}
