import { z } from 'zod';
import { listResultSchema } from '../domain/shared/list-query';
import { MESSAGE_MAX_LENGTH } from '../domain/conversation/schemas';
import { required } from '../domain/shared/messages';

// What the messages API answers (docs/messages.md); the chat screens parse the answers with these schemas.

const side = z.enum(['customer', 'provider']);

/** A party as the caller may see it (spec 1 §6: full names, except to a provider viewing others' messages). */
export const chatPartyView = z.object({ uuid: z.uuid(), name: z.string().nullable() });

export const conversationView = z.object({
  uuid: z.uuid(),
  post_id: z.uuid(),
  customer: chatPartyView,
  provider: chatPartyView.extend({ organisation_name: z.string().nullable() }),
  started_at: z.string(),
  /** The latest message's time (the start time before any message). */
  updated_at: z.string(),
  message_count: z.number().int().min(0),
  /** Messages of the other party the caller has not read (always 0 for an admin, who is not a party). */
  unread_count: z.number().int().min(0),
  /** The latest message, shortened for the inbox; null before the first (or erased with its sender). */
  last_message: z.object({ text: z.string().nullable(), sender_side: side, sent_at: z.string() }).nullable(),
  /** The caller's side, or null for an admin. */
  my_side: side.nullable(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const conversationList = listResultSchema(conversationView);

export const messageView = z.object({
  uuid: z.uuid(),
  conversation_id: z.uuid(),
  seq: z.number().int().min(1),
  sender_id: z.uuid(),
  sender_side: side,
  sender_name: z.string().nullable(),
  /** Sent by the caller. */
  mine: z.boolean(),
  /** null when the sender was erased (crypto-shredding). */
  text: z.string().nullable(),
  sent_at: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

/** A page of a conversation's messages, oldest first within the page (page 1 holds the newest). */
export const messageList = listResultSchema(messageView);

export const sendMessageBody = z.strictObject({ message: z.string({ error: required }).max(MESSAGE_MAX_LENGTH * 4) });
export const startConversationBody = z.strictObject({ provider_uuid: z.uuid().optional() });

export const chatStatusView = z.object({
  /** System configuration `messages` is active. */
  enabled: z.boolean(),
  /** Unread messages over all the caller's conversations (the sidebar's counter). */
  unread_count: z.number().int().min(0),
});
export type ChatStatusView = z.infer<typeof chatStatusView>;

/** One server-sent event of `GET /v1/messages/live` (data of event `message` or `read`): ids only. */
export const liveMessageEvent = z.object({
  kind: z.enum(['started', 'message', 'read']),
  conversation_id: z.uuid(),
  post_id: z.uuid(),
  seq: z.number().int().min(0),
});
export type LiveMessageEvent = z.infer<typeof liveMessageEvent>;
