import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PostState } from '../../domain/post/decider';
import { readSettings } from '../../infrastructure/system-settings';
import type { AppDependencies } from '../dependencies';
import type { postCommands, PostCommandBody } from './post-commands';

// The post's operations after publishing (spec 1 §2 "Admin actions", §4; docs/post-lifecycle.md) on
// PATCH /v2/posts/{id}. Who may run which is the lifecycle decider's rule (domain/post/lifecycle.ts allowedRoles):
// the route lets the owner and admins through, the decider answers 403 for the rest.

export const lifecycleOperations = [
  'end_bidding_period',
  'promote_as_priority',
  'remove_priority',
  'close',
  'extend_review_period',
  'cancel_automatic_selection',
  'delete',
] as const;
export type LifecycleOperation = (typeof lifecycleOperations)[number];

export const lifecycleOperationBody = z.strictObject({ operation: z.enum(lifecycleOperations) });

/** Runs one lifecycle operation on the post; the new state, or null after answering the problem. */
export async function runLifecycleOperation(
  deps: AppDependencies,
  posts: ReturnType<typeof postCommands>,
  request: FastifyRequest,
  reply: FastifyReply,
  postId: string,
  operation: LifecycleOperation,
  /** The trade e-mail's link that asks, if any: an extension records it, so one link extends once. */
  linkId?: string,
): Promise<PostState | null> {
  return posts.decide(request, reply, postId, await commandOf(deps, postId, operation, linkId));
}

async function commandOf(deps: AppDependencies, post_id: string, operation: LifecycleOperation, linkId: string | undefined): Promise<PostCommandBody> {
  switch (operation) {
    case 'end_bidding_period':
      return { type: 'EndBidding', data: { post_id } };
    case 'promote_as_priority':
    case 'remove_priority':
      return { type: 'ChangePriority', data: { post_id, operation } };
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
