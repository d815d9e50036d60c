// The conversation aggregate (spec 1 §1, §3 "Message", §6), stream `conversation-<uuid>`: one per (post, provider)
// between the post's customer and that provider. Every event names the post and both parties (ids only), so read
// models need no join. A message's text is personal data of its sender (crypto-shredding:
// infrastructure/event-store/personal-data-policy.ts): erasing the sender erases the texts, the history stays.

type ConversationRef = { conversation_id: string; post_id: string; customer_id: string; provider_id: string };

export type ConversationSide = 'customer' | 'provider';

export type ConversationStarted = {
  type: 'ConversationStarted';
  data: ConversationRef & { started_by: string; started_at: string };
};

/** `seq`: the message's number in the conversation (1, 2, …): the order and the read markers count in it. */
export type MessageSent = {
  type: 'MessageSent';
  data: ConversationRef & { message_id: string; seq: number; sender_id: string; sender_side: ConversationSide; text: string; sent_at: string };
};

/** The reader (one of the two parties) has read up to message `up_to_seq`. */
export type ConversationRead = {
  type: 'ConversationRead';
  data: ConversationRef & { reader_id: string; reader_side: ConversationSide; up_to_seq: number; read_at: string };
};

export type ConversationEvent = ConversationStarted | MessageSent | ConversationRead;

export const conversationEventTypes = ['ConversationStarted', 'MessageSent', 'ConversationRead'] as const satisfies readonly ConversationEvent['type'][];

export const conversationStream = (conversationId: string) => `conversation-${conversationId}`;
