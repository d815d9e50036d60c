import type { ConversationView, MessageView } from '../../contracts/conversation';
import type { ChatMessageRow, ConversationRow } from '../../projections/messages/messages';
import { type ChatPerson, chatPeopleOf } from '../../projections/messages/queries';
import type { Actor } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { sideOfActor } from './conversations';

// Conversations and messages as the actor sees them (spec 1 §6 names; docs/messages.md).

const iso = (date: Date) => date.toISOString();
const INBOX_PREVIEW = 140;

const fullName = (person: ChatPerson | undefined) => (person ? [person.first_name, person.last_name].filter(Boolean).join(' ') || null : null);

/** spec 1 §6: a full name is always shown in chat, except to a provider viewing others' messages (first name). */
function nameFor(actor: Actor, personId: string, person: ChatPerson | undefined): string | null {
  if (actor.userType === 'fsp' && personId !== actor.userId) return person?.first_name ?? null;
  return fullName(person);
}

function conversationViewOf(actor: Actor, c: ConversationRow, people: Map<string, ChatPerson>): ConversationView {
  const side = sideOfActor(actor, c);
  const provider = people.get(c.provider_id);
  return {
    uuid: c.uuid,
    post_id: c.post_id,
    customer: { uuid: c.customer_id, name: nameFor(actor, c.customer_id, people.get(c.customer_id)) },
    provider: { uuid: c.provider_id, name: nameFor(actor, c.provider_id, provider), organisation_name: provider?.organisation_name ?? null },
    started_at: iso(c.started_at),
    updated_at: iso(c.updated_at),
    message_count: c.message_count,
    unread_count: side === 'customer' ? c.customer_unread : side === 'provider' ? c.provider_unread : 0,
    last_message:
      c.last_sender_side && c.last_sent_at
        ? { text: c.last_text === null ? null : c.last_text.slice(0, INBOX_PREVIEW), sender_side: c.last_sender_side, sent_at: iso(c.last_sent_at) }
        : null,
    my_side: side,
  };
}

export async function viewsOfConversations(db: WorkflowDependencies['db'], actor: Actor, rows: ConversationRow[]): Promise<ConversationView[]> {
  const people = await chatPeopleOf(db, rows.flatMap((c) => [c.customer_id, c.provider_id]));
  return rows.map((c) => conversationViewOf(actor, c, people));
}

export async function viewOfConversation(db: WorkflowDependencies['db'], actor: Actor, row: ConversationRow): Promise<ConversationView> {
  return conversationViewOf(actor, row, await chatPeopleOf(db, [row.customer_id, row.provider_id]));
}

function messageViewOf(actor: Actor, m: ChatMessageRow, people: Map<string, ChatPerson>): MessageView {
  return {
    uuid: m.uuid,
    conversation_id: m.conversation_id,
    seq: m.seq,
    sender_id: m.sender_id,
    sender_side: m.sender_side,
    sender_name: nameFor(actor, m.sender_id, people.get(m.sender_id)),
    mine: m.sender_id === actor.userId,
    text: m.text,
    sent_at: iso(m.sent_at),
  };
}

/** A conversation's messages as the actor sees them (the sender's name, whether the actor's own). */
export async function viewsOfMessages(db: WorkflowDependencies['db'], actor: Actor, conversation: ConversationRow, messages: ChatMessageRow[]): Promise<MessageView[]> {
  const people = await chatPeopleOf(db, [conversation.customer_id, conversation.provider_id]);
  return messages.map((m) => messageViewOf(actor, m, people));
}

export async function viewOfMessage(db: WorkflowDependencies['db'], actor: Actor, conversation: ConversationRow, message: ChatMessageRow): Promise<MessageView> {
  return messageViewOf(actor, message, await chatPeopleOf(db, [conversation.customer_id, conversation.provider_id]));
}
