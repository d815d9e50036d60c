import type { LifecycleOperation } from '../../contracts/post-operations';
import { readSettings } from '../../infrastructure/system-settings';
import type { PostRequester } from './post-caller';
import { type PostCommandBody, type PostCommandDependencies, type PostCommandResult, runPostCommand } from './run-post-command';

// The post's operations after publishing (spec 1 §2 "Admin actions", §4; docs/post-lifecycle.md) on
// PATCH /v2/posts/{id} and the trade e-mails' links. Who may run which is the lifecycle decider's rule
// (domain/post/lifecycle.ts allowedRoles): the route lets the owner and admins through, the decider refuses the rest.

export type LifecycleOperationInput = {
  postId: string;
  operation: LifecycleOperation;
  /** The trade e-mail's link that asks, if any: an extension records it, so one link extends once. */
  linkId?: string;
};

/** Runs one lifecycle operation on the post. */
export async function runLifecycleOperation(deps: PostCommandDependencies, requester: PostRequester, input: LifecycleOperationInput): Promise<PostCommandResult> {
  return runPostCommand(deps, requester, input.postId, await commandOf(deps, input));
}

async function commandOf(deps: Pick<PostCommandDependencies, 'store'>, { postId: post_id, operation, linkId }: LifecycleOperationInput): Promise<PostCommandBody> {
  switch (operation) {
    case 'end_bidding_period':
      return { type: 'EndBidding', data: { post_id } };
    case 'promote_as_priority':
    case 'remove_priority':
      return { type: 'ChangePriority', data: { post_id, operation } };
    case 'stop_auto_bids':
    case 'resume_auto_bids':
      return { type: 'ChangeAutoBids', data: { post_id, operation } };
    case 'close':
      return { type: 'ClosePost', data: { post_id } };
    case 'extend_review_period': {
      // The length of one extension and the limit are system configurations (docs/system-configurations.md).
      const settings = await readSettings(deps.store);
      const limits = { extension_days: settings.review_period_extension_days, max_extensions: settings.max_review_period_extensions };
      return { type: 'ExtendReviewPeriod', data: { post_id, ...limits, ...(linkId !== undefined ? { link_id: linkId } : {}) } };
    }
    case 'cancel_automatic_selection':
      return { type: 'CancelAutomaticSelection', data: { post_id } };
    case 'delete':
      return { type: 'DeletePost', data: { post_id } };
  }
}
