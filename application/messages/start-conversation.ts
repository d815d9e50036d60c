import { required } from '../../domain/shared/messages';
import { conversationErrors, conversationMessages } from '../../domain/conversation/decider';
import { conversationStream } from '../../domain/conversation/events';
import type { Position } from '../../infrastructure/event-store/event-store';
import type { ConversationRow } from '../../projections/messages/messages';
import { findConversation, providerBidOnPost } from '../../projections/messages/queries';
import { findPost } from '../../projections/posts/queries';
import { findUser } from '../../projections/users/queries';
import type { ActorRequest } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels } from '../read-models';
import { forbidden, invalidFields, postNotFound, providerNotFound, type Refusal } from '../refusals';
import { chatEnabled, conversationIdOf, conversationNotFound, MESSAGE_READ_MODELS, runConversationCommand } from './conversations';

// Starting (or finding) the conversation of a post with a provider (spec 1 §2 "/posts/{postUuid}/messages", §6;
// docs/messages.md): the provider itself (chat enabled, post active, initiate_chat_with_customer), or the customer
// asking a provider who bid on the post. Admins never write.

export type StartConversationInput = ActorRequest & { postId: string; providerUuid: string | undefined };
/** `created`: false when the conversation was there already (started before, maybe by another process). */
export type StartConversationResult = { ok: true; conversation: ConversationRow; created: boolean; position: Position | null } | { ok: false; error: Refusal };

const notParty: Refusal = { code: conversationErrors.notParty, message: conversationMessages.notParty };

export async function startConversation(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, input: StartConversationInput): Promise<StartConversationResult> {
  const { db, store } = deps;
  const { actor } = input;
  if (actor.userType === 'admin') return { ok: false, error: notParty };
  const post = await findPost(db, input.postId);
  if (!post || post.deleted || (actor.userType === 'customer' && post.owner_id !== actor.userId)) return { ok: false, error: postNotFound };
  let providerId = actor.userId;
  if (actor.userType === 'customer') {
    if (!input.providerUuid) return { ok: false, error: invalidFields({ provider_uuid: [required] }) };
    const provider = await findUser(db, input.providerUuid);
    if (!provider || provider.user_type !== 'fsp') return { ok: false, error: providerNotFound };
    providerId = provider.uuid;
  } else if (input.providerUuid && input.providerUuid !== actor.userId) {
    return { ok: false, error: forbidden };
  }
  const conversationId = conversationIdOf(post.uuid, providerId);
  const [enabled, bid] = await Promise.all([chatEnabled(store), providerBidOnPost(db, post.uuid, providerId)]);
  const result = await runConversationCommand(deps, input, conversationStream(conversationId), {
    type: 'StartConversation',
    data: {
      conversation_id: conversationId,
      post_id: post.uuid,
      customer_id: post.owner_id,
      provider_id: providerId,
      facts: { chat_enabled: enabled, post_status: post.status, provider_may_initiate: actor.permissions.initiate_chat_with_customer, provider_bid_on_post: bid },
    },
  });
  if (!result.ok) return { ok: false, error: result.error };
  // Found rather than started: another request (maybe in another process) started it a moment ago, and its event
  // may not be in the read model yet.
  await awaitReadModels(db, MESSAGE_READ_MODELS, result.streamPosition);
  const conversation = await findConversation(db, conversationId);
  if (!conversation) return { ok: false, error: conversationNotFound };
  return { ok: true, conversation, created: result.eventCount > 0, position: result.streamPosition };
}
