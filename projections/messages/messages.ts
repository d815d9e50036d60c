import { type Insertable, type Selectable, sql } from 'kysely';
import { type ConversationEvent, type ConversationSide, conversationEventTypes, type MessageSent } from '../../domain/conversation/events';
import type { PostDeleted } from '../../domain/post/events';
import type { UserDeleted } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { eraseOutboxSubject } from '../../infrastructure/outbox/queries';
import type { Projection } from '../projection';
import { awayMailFor, type MessageMailContext } from './away-mail';
import type { ChatMessagesTable, ConversationsTable } from './tables';

// Conversations and their messages as the inbox and the chat read them (spec 1 §1, §2 "Other screens", §3
// "Message"; docs/messages.md). Message texts are their senders' personal data (decrypted from the events): an
// erased sender's read as null. In the batch's transaction the handler also
//  - NOTIFYs `chat_messages` with ids only, delivered to the API's listener when the batch commits (live delivery),
//  - e-mails a recipient who is away (./away-mail.ts), through the outbox.

export type ConversationRow = Selectable<ConversationsTable>;

export type ChatMessageRow = Selectable<ChatMessagesTable>;

/** The NOTIFY channel the API listens on (api/message-hub.ts). */
export const CHAT_CHANNEL = 'chat_messages';
/** What a notification carries: ids only, never a text or a name (it may show up in server logs). */
export type ChatNotification = { kind: 'started' | 'message' | 'read'; conversation_id: string; post_id: string; seq: number; customer_id: string; provider_id: string };
/** Older events notify nobody: a rebuild replaying the log must not wake every open chat. */
const NOTIFY_MAX_AGE_MS = 5 * 60 * 1000;

const handledTypes = new Set<string>([...conversationEventTypes, 'UserDeleted', 'PostDeleted']);
const unreadColumn = { customer: 'customer_unread', provider: 'provider_unread' } as const;
const readColumn = { customer: 'customer_read_seq', provider: 'provider_read_seq' } as const;
const other = (side: ConversationSide): ConversationSide => (side === 'customer' ? 'provider' : 'customer');

/** A message's row, as this projection stores it and the sender's answer shows it. */
export const chatMessageRowOf = (d: MessageSent['data']): ChatMessageRow => ({
  uuid: d.message_id,
  conversation_id: d.conversation_id,
  seq: d.seq,
  sender_id: d.sender_id,
  sender_side: d.sender_side,
  text: d.text ?? null,
  sent_at: new Date(d.sent_at),
});

export function messagesProjection(context: MessageMailContext): Projection {
  return {
    kind: 'projection',
    name: 'messages',
    eventTypes: handledTypes,
    version: 1,
    tables: ['conversations', 'chat_messages'],
    readsFrom: ['users'], // the away e-mail's address and names
    async createTables(trx) {
      await sql`
        create table conversations (
          uuid uuid primary key,
          post_id uuid not null,
          customer_id uuid not null,
          provider_id uuid not null,
          started_by uuid not null,
          started_at timestamptz not null,
          updated_at timestamptz not null,
          message_count integer not null default 0,
          customer_read_seq integer not null default 0,
          provider_read_seq integer not null default 0,
          customer_unread integer not null default 0,
          provider_unread integer not null default 0,
          last_text text,
          last_sender_side text,
          last_sent_at timestamptz,
          deleted boolean not null default false
        )`.execute(trx);
      await sql`create index conversations_customer on conversations (customer_id, customer_unread desc, updated_at desc)`.execute(trx);
      await sql`create index conversations_provider on conversations (provider_id, provider_unread desc, updated_at desc)`.execute(trx);
      await sql`create index conversations_post on conversations (post_id)`.execute(trx);
      await sql`create index conversations_updated on conversations (updated_at desc)`.execute(trx);
      await sql`
        create table chat_messages (
          uuid uuid primary key,
          conversation_id uuid not null,
          seq integer not null,
          sender_id uuid not null,
          sender_side text not null,
          text text,
          sent_at timestamptz not null,
          unique (conversation_id, seq)
        )`.execute(trx);
      await sql`create index chat_messages_sender on chat_messages (sender_id)`.execute(trx);
    },
    async handle(events, db) {
      const notifications: ChatNotification[] = [];
      const notify = (event: RecordedEvent, notification: ChatNotification | null) => {
        if (notification && Date.parse(event.metadata.occurred_at) >= Date.now() - NOTIFY_MAX_AGE_MS) notifications.push(notification);
      };
      // Messages in a row are applied together (a few statements for the run, not four per message): a burst of
      // messages otherwise held every one of them back until the last was written (docs/messages.md "Performance").
      let sent: (RecordedEvent & MessageSent)[] = [];
      const applySent = async () => {
        if (sent.length === 0) return;
        for (const [event, notification] of await applyMessages(db, sent, context)) notify(event, notification);
        sent = [];
      };
      for (const recorded of events) {
        if (!handledTypes.has(recorded.type)) continue;
        // The conversation, post and user deciders wrote these events; their type names are checked above.
        const event = recorded as RecordedEvent & (ConversationEvent | UserDeleted | PostDeleted);
        if (event.type === 'MessageSent') {
          sent.push(event);
          continue;
        }
        await applySent();
        notify(event, await apply(db, event));
      }
      await applySent();
      // One statement for the batch's notifications, in order; delivered when the batch commits.
      if (notifications.length > 0) {
        await sql`select pg_notify(${CHAT_CHANNEL}, n) from unnest(${notifications.map((n) => JSON.stringify(n))}::text[]) as n`.execute(db);
      }
    },
  };
}

/**
 * A run of MessageSent events: the conversations are read once, the messages inserted in one statement and each
 * conversation updated once, with its counters worked out here in the events' order. A message already applied (its
 * conversation counts its seq) is skipped, as a replayed batch must be.
 */
async function applyMessages(
  db: Database,
  events: (RecordedEvent & MessageSent)[],
  context: MessageMailContext,
): Promise<[RecordedEvent, ChatNotification][]> {
  const ids = [...new Set(events.map((e) => e.data.conversation_id))];
  const rows = await db.selectFrom('conversations').selectAll().where('uuid', 'in', ids).execute();
  const conversations = new Map(rows.map((row) => [row.uuid, { ...row }]));
  const changed = new Set<ConversationRow>();
  const messages: Insertable<ChatMessagesTable>[] = [];
  const mail: { event: RecordedEvent & MessageSent; unreadBefore: number }[] = [];
  const notifications: [RecordedEvent, ChatNotification][] = [];
  for (const event of events) {
    const d = event.data;
    const conversation = conversations.get(d.conversation_id);
    if (!conversation || conversation.message_count >= d.seq) continue; // applied already
    const at = new Date(d.sent_at);
    const recipient = other(d.sender_side);
    messages.push(chatMessageRowOf(d));
    if (!conversation.deleted) mail.push({ event, unreadBefore: conversation[unreadColumn[recipient]] });
    conversation.message_count = d.seq;
    conversation.updated_at = at;
    conversation.last_text = d.text ?? null;
    conversation.last_sender_side = d.sender_side;
    conversation.last_sent_at = at;
    // Writing is reading (domain/conversation/decider.ts): the sender has nothing unread.
    conversation[readColumn[d.sender_side]] = d.seq;
    conversation[unreadColumn[d.sender_side]] = 0;
    conversation[unreadColumn[recipient]] += 1;
    changed.add(conversation);
    notifications.push([event, { kind: 'message', conversation_id: d.conversation_id, post_id: d.post_id, seq: d.seq, customer_id: d.customer_id, provider_id: d.provider_id }]);
  }
  if (messages.length === 0) return [];
  await db.insertInto('chat_messages').values(messages).execute();
  const updates = [...changed];
  const column = <T>(pick: (c: ConversationRow) => T) => updates.map(pick);
  await sql`
    update conversations c set
      message_count = u.message_count, updated_at = u.updated_at, last_text = u.last_text,
      last_sender_side = u.last_sender_side, last_sent_at = u.last_sent_at,
      customer_read_seq = u.customer_read_seq, provider_read_seq = u.provider_read_seq,
      customer_unread = u.customer_unread, provider_unread = u.provider_unread
    from unnest(
      ${column((c) => c.uuid)}::uuid[], ${column((c) => c.message_count)}::int[], ${column((c) => c.updated_at)}::timestamptz[],
      ${column((c) => c.last_text)}::text[], ${column((c) => c.last_sender_side)}::text[], ${column((c) => c.last_sent_at)}::timestamptz[],
      ${column((c) => c.customer_read_seq)}::int[], ${column((c) => c.provider_read_seq)}::int[],
      ${column((c) => c.customer_unread)}::int[], ${column((c) => c.provider_unread)}::int[]
    ) as u(uuid, message_count, updated_at, last_text, last_sender_side, last_sent_at, customer_read_seq, provider_read_seq, customer_unread, provider_unread)
    where c.uuid = u.uuid`.execute(db);
  for (const { event, unreadBefore } of mail) await awayMailFor(db, context, event, unreadBefore);
  return notifications;
}

async function apply(db: Database, event: RecordedEvent & (Exclude<ConversationEvent, MessageSent> | UserDeleted | PostDeleted)): Promise<ChatNotification | null> {
  switch (event.type) {
    case 'ConversationStarted': {
      const d = event.data;
      const at = new Date(d.started_at);
      await db
        .insertInto('conversations')
        .values({
          uuid: d.conversation_id,
          post_id: d.post_id,
          customer_id: d.customer_id,
          provider_id: d.provider_id,
          started_by: d.started_by,
          started_at: at,
          updated_at: at,
          message_count: 0,
          customer_read_seq: 0,
          provider_read_seq: 0,
          customer_unread: 0,
          provider_unread: 0,
          last_text: null,
          last_sender_side: null,
          last_sent_at: null,
          deleted: false,
        })
        .onConflict((oc) => oc.column('uuid').doNothing())
        .execute();
      return { kind: 'started', conversation_id: d.conversation_id, post_id: d.post_id, seq: 0, customer_id: d.customer_id, provider_id: d.provider_id };
    }
    case 'ConversationRead': {
      const d = event.data;
      const side = d.reader_side;
      // Unread: the other party's messages after the marker (0 when the marker is the latest message).
      const unread = await db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('conversation_id', '=', d.conversation_id)
        .where('sender_side', '=', other(side))
        .where('seq', '>', d.up_to_seq)
        .executeTakeFirst();
      await db
        .updateTable('conversations')
        .set({ [readColumn[side]]: sql`greatest(${sql.ref(readColumn[side])}, ${d.up_to_seq})`, [unreadColumn[side]]: Number(unread?.n ?? 0) })
        .where('uuid', '=', d.conversation_id)
        .execute();
      return { kind: 'read', conversation_id: d.conversation_id, post_id: d.post_id, seq: d.up_to_seq, customer_id: d.customer_id, provider_id: d.provider_id };
    }
    case 'UserDeleted': {
      // The erased person's texts go with them (as a rebuild after erasure would show them), and so do the away
      // e-mails naming them that this projection wrote after the deletion blanked the outbox (it lags the log).
      const userId = event.data.user_id;
      await eraseOutboxSubject(db, userId);
      await db.updateTable('chat_messages').set({ text: null }).where('sender_id', '=', userId).execute();
      await db
        .updateTable('conversations')
        .set({
          last_text: sql`(select m.text from chat_messages m where m.conversation_id = conversations.uuid order by m.seq desc limit 1)`,
        })
        .where((eb) => eb.or([eb('customer_id', '=', userId), eb('provider_id', '=', userId)]))
        .execute();
      return null;
    }
    case 'PostDeleted':
      await db.updateTable('conversations').set({ deleted: true }).where('post_id', '=', event.data.post_id).execute();
      return null;
    default:
      return null;
  }
}
