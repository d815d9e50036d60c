import type { ConversationSide } from '../../domain/conversation/events';

// The tables `createTables` in messages.ts makes. Handlers write them in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface ConversationsTable {
  uuid: string;
  post_id: string;
  customer_id: string;
  provider_id: string;
  started_by: string;
  started_at: Date;
  /** The latest message's time (the start before any). */
  updated_at: Date;
  message_count: number;
  customer_read_seq: number;
  provider_read_seq: number;
  /** Messages of the other party after the side's read marker. */
  customer_unread: number;
  provider_unread: number;
  last_text: string | null;
  last_sender_side: ConversationSide | null;
  last_sent_at: Date | null;
  /** The post was deleted: the conversation leaves every list and reads as not found. */
  deleted: boolean;
}

export interface ChatMessagesTable {
  uuid: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  sender_side: ConversationSide;
  text: string | null;
  sent_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface MessagesTables {
  conversations: ConversationsTable;
  chat_messages: ChatMessagesTable;
}
