import { conversationStream, type MessageSent } from '../../domain/conversation/events';
import type { Position } from '../../infrastructure/event-store/event-store';
import { type ChatMessageRow, chatMessageRowOf, type ConversationRow } from '../../projections/messages/messages';
import { findMessage } from '../../projections/messages/queries';
import type { ActorRequest } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels } from '../read-models';
import type { Refusal } from '../refusals';
import { chatEnabled, conversationNotFound, MESSAGE_READ_MODELS, readableConversation, runConversationCommand } from './conversations';

// Sending a message (spec 1 §5, §8 'Message sent.'; docs/messages.md): the conversation's two parties; the text is
// trimmed, not blank, at most 2000 characters (the decider's rules).

/** `message`: the message sent; undefined only if it was sent but cannot be read back yet. */
export type SendMessageResult =
  | { ok: true; conversation: ConversationRow; message: ChatMessageRow | undefined; position: Position | null }
  | { ok: false; error: Refusal };

export async function sendMessage(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, input: ActorRequest & { conversationId: string; text: string }): Promise<SendMessageResult> {
  const { db, store, ids } = deps;
  const conversation = await readableConversation(db, input.actor, input.conversationId);
  if (!conversation) return { ok: false, error: conversationNotFound };
  const messageId = ids.uuid();
  const result = await runConversationCommand(deps, input, conversationStream(conversation.uuid), {
    type: 'SendMessage',
    data: { conversation_id: conversation.uuid, message_id: messageId, text: input.text, chat_enabled: await chatEnabled(store) },
  });
  if (!result.ok) return { ok: false, error: result.error };
  await awaitReadModels(db, MESSAGE_READ_MODELS, result.position);
  // The answer is the decided event (no read of it back); the read model holds it by now for the next reads.
  const sent = result.events.find((e): e is MessageSent => e.type === 'MessageSent');
  const message = sent ? chatMessageRowOf(sent.data) : await findMessage(db, messageId);
  return { ok: true, conversation, message, position: result.position };
}
