import { postErrors } from '../../domain/post/decider';
import type { PostRequester } from './post-caller';
import { readPost } from './read-post';
import { type PostCommandDependencies, type PostCommandResult, runPostCommand } from './run-post-command';

/** The reason recorded when the owner resets the wizard (DELETE /v1/posts/{id}); docs/api.md "Posts". */
export const resetReason = 'Reset by the customer before publishing';

/** The wizard's reset (spec 2 §2): the owner's pending post is cancelled; once cancelled, again is nothing. */
export async function resetPost(deps: PostCommandDependencies, requester: PostRequester, postId: string): Promise<PostCommandResult> {
  const read = await readPost(deps, postId);
  if (read?.state.status === 'cancelled') return { ok: true, state: read.state, position: null };
  // An open post is cancelled with a reason instead (PATCH operation cancel).
  if (read?.state.status !== 'pending') return { ok: false, error: { code: postErrors.notEditable, message: 'An open post is cancelled with a reason.' } };
  return runPostCommand(deps, requester, postId, { type: 'CancelPost', data: { post_id: postId, reason: resetReason } });
}
