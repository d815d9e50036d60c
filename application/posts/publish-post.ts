import { userDecider, userErrors } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import { handleCommand } from '../../infrastructure/command-handler';
import { readSettings } from '../../infrastructure/system-settings';
import { waitForProjections } from '../../projections/projection-status';
import { findUser } from '../../projections/users/queries';
import type { PostRequester } from './post-caller';
import { type PostCommandDependencies, type PostCommandResult, runPostCommand } from './run-post-command';

/**
 * Publishes a complete post (`operation: validate`, spec 2 §4): it opens for bids with the periods an admin set in
 * the system configurations (defaults: defaultPublishSettings). The wizard's customer (still `creating`) must have
 * registered first, and becomes active once the post is published.
 */
export async function publishPost(deps: PostCommandDependencies, requester: PostRequester, postId: string): Promise<PostCommandResult> {
  const { caller } = requester;
  if (caller.status === 'creating') {
    // A post open for bids needs a customer providers can reach: the account is registered first (overview step).
    const owner = await findUser(deps.db, caller.userId);
    if (!owner?.email) return { ok: false, error: { code: userErrors.notRegistered, message: 'Create your account before publishing the post.' } };
  }
  const { post_bidding_period_days, post_review_period_days } = await readSettings(deps.store);
  const settings = { bidding_period_days: post_bidding_period_days, review_period_days: post_review_period_days };
  const result = await runPostCommand(deps, requester, postId, { type: 'PublishPost', data: { post_id: postId, settings } });
  if (result.ok && caller.status === 'creating') await activateOwner(deps, requester);
  return result;
}

/**
 * The first post of the wizard's customer makes the account active once it is registered (spec 2 §2: `creating`
 * until then). Run after the publish, apart from it (another stream); ChangeUserStatus to the same status records
 * nothing, so validating again completes a step a crash left undone.
 */
async function activateOwner(deps: PostCommandDependencies, { caller, correlationId }: PostRequester): Promise<void> {
  const result = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: userStream(caller.userId),
    decider: userDecider,
    command: { type: 'ChangeUserStatus', data: { user_id: caller.userId, status: 'active' } },
    context: { userId: caller.userId, correlationId, causationId: null, now: deps.clock.now() },
  });
  // The wizard logs in again right after: the status must be readable.
  if (result.ok && result.position) await waitForProjections(deps.db, ['users'], result.position, { timeoutMs: 5000 });
}
