import { conversationStream } from '../../domain/conversation/events';
import type { Position } from '../../infrastructure/event-store/event-store';
import type { ActorRequest } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels } from '../read-models';
import type { Refusal } from '../refusals';
import { conversationNotFound, MESSAGE_READ_MODELS, readableConversation, runConversationCommand } from './conversations';

// Marking a conversation read up to its latest message, on the actor's side (docs/messages.md "Unread").

export type MarkConversationReadResult = { ok: true; position: Position | null } | { ok: false; error: Refusal };

export async function markConversationRead(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, input: ActorRequest & { conversationId: string }): Promise<MarkConversationReadResult> {
  const conversation = await readableConversation(deps.db, input.actor, input.conversationId);
  if (!conversation) return { ok: false, error: conversationNotFound };
  // An admin reads without a read marker: the parties' unread counters are theirs.
  if (input.actor.userType === 'admin') return { ok: true, position: null };
  const result = await runConversationCommand(deps, input, conversationStream(conversation.uuid), { type: 'MarkConversationRead', data: { conversation_id: conversation.uuid } });
  if (!result.ok) return { ok: false, error: result.error };
  await awaitReadModels(deps.db, MESSAGE_READ_MODELS, result.position);
  return { ok: true, position: result.position };
}
