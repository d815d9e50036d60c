// Commands of the conversation aggregate (spec 1 §1 "chat messages per post", §6). The API gathers the facts a
// rule needs from the read models (post status, chat switch, permission, bids) and passes them in; ids and the
// time arrive in the command too, so the decider stays pure.

/** Who acts. `party`: which side of the conversation the caller is, or null (an admin, or someone else). */
export type ConversationActor = { user_id: string; user_type: 'customer' | 'fsp' | 'admin' };
export type ConversationCommandMetadata = { actor: ConversationActor; now: string };

/** What starting needs to know about the world (spec 1 §2 "Post detail", §6). */
export type StartFacts = {
  /** System configuration `messages` is active. */
  chat_enabled: boolean;
  /** The post's status now (`active`: bidding open). */
  post_status: string;
  /** The provider holds initiate_chat_with_customer (only asked when the provider starts). */
  provider_may_initiate: boolean;
  /** The provider has a bid on the post that is not deleted (the customer's ask-me goes to a bidder). */
  provider_bid_on_post: boolean;
};

/** One conversation per (post, provider) with the post's customer; its id derives from both, so starting is idempotent. */
export type StartConversation = {
  type: 'StartConversation';
  data: { conversation_id: string; post_id: string; customer_id: string; provider_id: string; facts: StartFacts };
  metadata: ConversationCommandMetadata;
};

/** `text` is raw input: trimmed and checked by the decider (blank after trim is refused, spec 1 §5). */
export type SendMessage = {
  type: 'SendMessage';
  data: { conversation_id: string; message_id: string; text: string; chat_enabled: boolean };
  metadata: ConversationCommandMetadata;
};

/** The reader has seen every message so far. */
export type MarkConversationRead = {
  type: 'MarkConversationRead';
  data: { conversation_id: string };
  metadata: ConversationCommandMetadata;
};

export type ConversationCommand = StartConversation | SendMessage | MarkConversationRead;
