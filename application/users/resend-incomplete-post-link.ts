import { postErrors } from '../../domain/post/decider';
import type { CommandContext } from '../../infrastructure/command-handler';
import { findPost } from '../../projections/posts/queries';
import type { WorkflowDependencies } from '../dependencies';
import { runUserCommand } from './user-commands';

/**
 * spec 2 §4 "Creating a customer user may resend an incomplete-post link": an e-mail with a link that resumes the
 * own pending post (projections/identity-mail, template incomplete-post). Someone else's post reads as not found.
 */
export async function resendIncompletePostLink(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>, input: { userId: string; postId: string }, context: CommandContext) {
  const post = await findPost(deps.db, input.postId);
  if (!post || post.owner_id !== input.userId) return { ok: false as const, error: { code: postErrors.notFound, message: 'Post not found.' } };
  if (post.status !== 'pending') return { ok: false as const, error: { code: postErrors.notEditable, message: 'This post is no longer being created.' } };
  const result = await runUserCommand(deps, { type: 'RequestIncompletePostLink', data: { user_id: input.userId, post_id: input.postId } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}
