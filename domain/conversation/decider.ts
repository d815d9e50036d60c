import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import type { ConversationActor, ConversationCommand, MarkConversationRead, SendMessage, StartConversation } from './commands';
import type { ConversationEvent, ConversationSide, ConversationStarted } from './events';
import { messageTextSchema } from './schemas';

// The conversation aggregate (spec 1 §1, §2 "Post detail" and "Other screens", §5, §6; docs/messages.md).
// Who may start: a provider when chat is enabled, the post is active and it holds initiate_chat_with_customer;
// the post's customer as an "ask-me" to a provider who bid on the post. Who may write: the two parties only.
// Admins read every conversation but never write in one (they are not a party; docs/messages.md).

type Facts = Omit<ConversationStarted['data'], 'started_by' | 'started_at'>;

export type ConversationState =
  | { status: 'absent' }
  | { status: 'open'; conversation: Facts; messageCount: number; messageIds: ReadonlySet<string>; readUpTo: Record<ConversationSide, number> };

export type ConversationError = DomainError & { errors?: Record<string, string[]> };
export type ConversationDecision = { ok: true; events: ConversationEvent[] } | { ok: false; error: ConversationError };

export const conversationErrors = {
  notFound: 'CONVERSATION_NOT_FOUND',
  notParty: 'CONVERSATION_NOT_PARTY',
  chatDisabled: 'CHAT_DISABLED',
  postNotActive: 'CHAT_POST_NOT_ACTIVE',
  notPermitted: 'CHAT_NOT_PERMITTED',
  notBidder: 'CHAT_PROVIDER_NOT_BIDDER',
  invalid: 'MESSAGE_INVALID',
} as const;

export const conversationMessages = {
  notFound: 'Conversation not found.',
  notParty: 'Only the customer and the provider of this chat can write in it.',
  chatDisabled: 'Messages are disabled.',
  postNotActive: 'A chat can only be started on an active post.',
  notPermitted: 'You are not allowed to start a chat with this customer.',
  notBidder: 'You can only message a provider who bid on your post.',
  invalid: 'The message is not valid.',
} as const;

const refuse = (code: keyof typeof conversationErrors, errors?: Record<string, string[]>): ConversationDecision => ({
  ok: false,
  error: { code: conversationErrors[code], message: conversationMessages[code], ...(errors ? { errors } : {}) },
});

const initialState = (): ConversationState => ({ status: 'absent' });

/** The actor's side in the conversation, or null when the actor is not one of its two parties (admins never are). */
export function sideOf(actor: ConversationActor, conversation: Pick<Facts, 'customer_id' | 'provider_id'>): ConversationSide | null {
  if (actor.user_type === 'customer' && actor.user_id === conversation.customer_id) return 'customer';
  if (actor.user_type === 'fsp' && actor.user_id === conversation.provider_id) return 'provider';
  return null;
}

function start(command: StartConversation, state: ConversationState): ConversationDecision {
  const { facts, ...conversation } = command.data;
  const { actor, now } = command.metadata;
  const side = sideOf(actor, conversation);
  if (side === null) return refuse('notParty');
  if (state.status === 'open') return accept(); // started already: the same conversation, whoever asks
  if (!facts.chat_enabled) return refuse('chatDisabled');
  if (side === 'provider') {
    // spec 1 §2 "Post detail": the chat start button needs chat enabled, an active post and the permission.
    if (facts.post_status !== 'active') return refuse('postNotActive');
    if (!facts.provider_may_initiate) return refuse('notPermitted');
  } else if (!facts.provider_bid_on_post) {
    // spec 1 §6: the customer's ask-me message goes to a provider who bid on the post.
    return refuse('notBidder');
  }
  return accept({ type: 'ConversationStarted', data: { ...conversation, started_by: actor.user_id, started_at: now } });
}

const refs = (c: Facts) => ({ conversation_id: c.conversation_id, post_id: c.post_id, customer_id: c.customer_id, provider_id: c.provider_id });

function send(command: SendMessage, state: ConversationState): ConversationDecision {
  if (state.status === 'absent') return refuse('notFound');
  const { actor, now } = command.metadata;
  const side = sideOf(actor, state.conversation);
  if (side === null) return refuse('notParty');
  if (state.messageIds.has(command.data.message_id)) return accept(); // a retried send
  if (!command.data.chat_enabled) return refuse('chatDisabled');
  const parsed = messageTextSchema.safeParse(command.data.text);
  if (!parsed.success) return refuse('invalid', { message: [...new Set(parsed.error.issues.map((issue) => issue.message))] });
  return accept({
    type: 'MessageSent',
    data: {
      ...refs(state.conversation),
      message_id: command.data.message_id,
      seq: state.messageCount + 1,
      sender_id: actor.user_id,
      sender_side: side,
      text: parsed.data,
      sent_at: now,
    },
  });
}

function markRead(command: MarkConversationRead, state: ConversationState): ConversationDecision {
  if (state.status === 'absent') return refuse('notFound');
  const { actor, now } = command.metadata;
  const side = sideOf(actor, state.conversation);
  if (side === null) return refuse('notParty');
  if (state.readUpTo[side] >= state.messageCount) return accept(); // nothing new: no event
  return accept({
    type: 'ConversationRead',
    data: { ...refs(state.conversation), reader_id: actor.user_id, reader_side: side, up_to_seq: state.messageCount, read_at: now },
  });
}

function decide(command: ConversationCommand, state: ConversationState): ConversationDecision {
  switch (command.type) {
    case 'StartConversation':
      return start(command, state);
    case 'SendMessage':
      return send(command, state);
    case 'MarkConversationRead':
      return markRead(command, state);
    default:
      return assertNever(command);
  }
}

function evolve(state: ConversationState, event: ConversationEvent): ConversationState {
  switch (event.type) {
    case 'ConversationStarted': {
      const { started_by: _by, started_at: _at, ...conversation } = event.data;
      return { status: 'open', conversation, messageCount: 0, messageIds: new Set(), readUpTo: { customer: 0, provider: 0 } };
    }
    case 'MessageSent':
      if (state.status === 'absent') return state;
      // Writing a message means having read the conversation up to it.
      return {
        ...state,
        messageCount: event.data.seq,
        messageIds: new Set([...state.messageIds, event.data.message_id]),
        readUpTo: { ...state.readUpTo, [event.data.sender_side]: event.data.seq },
      };
    case 'ConversationRead':
      if (state.status === 'absent') return state;
      return { ...state, readUpTo: { ...state.readUpTo, [event.data.reader_side]: Math.max(state.readUpTo[event.data.reader_side], event.data.up_to_seq) } };
    default:
      return assertNever(event);
  }
}

export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> & {
  decide: (command: ConversationCommand, state: ConversationState) => ConversationDecision;
} = { initialState, decide, evolve };
