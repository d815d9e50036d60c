import { type Selectable, sql } from 'kysely';
import { type ConversationEvent, type ConversationRead, type ConversationSide, conversationEventTypes, type MessageSent } from '../../domain/conversation/events';
import type { PostDeleted } from '../../domain/post/events';
import type { UserDeleted } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { eraseOutboxSubject } from '../../infrastructure/outbox/queries';
import { BatchRows, stretchesBetween } from '../batch-rows';
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
    // 2: set-based handling (projections/batch-rows.ts).
    version: 2,
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
      // Set-based (projections/batch-rows.ts): a stretch's conversations are read once, its events folded into them in
      // memory, its messages inserted in one statement and the conversations written back in one: a live batch of one
      // message stays at three statements, as a rebuild's batch of thousands (docs/messages.md "Performance"). An
      // erasure reaches a person's texts in every conversation: it is applied in SQL between the stretches.
      for (const stretch of stretchesBetween(events, (event) => event.type === 'UserDeleted')) {
        if (stretch.barrier) {
          await eraseSender(db, (stretch.barrier as RecordedEvent & UserDeleted).data.user_id);
          continue;
        }
        // The conversation and post deciders wrote these events; their type names are checked by handledTypes.
        const handled = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & (ConversationEvent | PostDeleted))[];
        if (handled.length === 0) continue;
        for (const [event, notification] of await applyStretch(db, handled, context)) {
          if (Date.parse(event.metadata.occurred_at) >= Date.now() - NOTIFY_MAX_AGE_MS) notifications.push(notification);
        }
      }
      // One statement for the batch's notifications, in order; delivered when the batch commits.
      if (notifications.length > 0) {
        await sql`select pg_notify(${CHAT_CHANNEL}, n) from unnest(${notifications.map((n) => JSON.stringify(n))}::text[]) as n`.execute(db);
      }
    },
  };
}

type StretchEvent = RecordedEvent & (ConversationEvent | PostDeleted);

/**
 * A stretch of the batch without erasures, applied as the events one at a time would be: a message already applied
 * (its conversation counts its seq) is skipped, as a replayed batch must be; a message or a read of a conversation
 * the table does not hold changes nothing.
 */
async function applyStretch(db: Database, events: StretchEvent[], context: MessageMailContext): Promise<[RecordedEvent, ChatNotification][]> {
  const conversations = new BatchRows<ConversationRow>(db, { table: 'conversations', key: 'uuid', keyType: 'uuid' });
  await conversations.load(events.flatMap((event) => (event.type === 'PostDeleted' ? [] : [event.data.conversation_id])));
  await conversations.loadWhere('post_id', events.flatMap((event) => (event.type === 'PostDeleted' ? [event.data.post_id] : [])));
  const unreadInTable = await unreadInTableAfterReads(db, conversations, events);
  /** The messages this stretch inserts, by conversation (a read counts those before it). */
  const sent = new Map<string, ChatMessageRow[]>();
  const mail: { event: RecordedEvent & MessageSent; unreadBefore: number }[] = [];
  const notifications: [RecordedEvent, ChatNotification][] = [];
  for (const event of events) {
    if (event.type === 'PostDeleted') {
      for (const conversation of conversations.where((c) => c.post_id === event.data.post_id)) conversations.update(conversation.uuid, { deleted: true });
      continue;
    }
    const d = event.data;
    const notification = (kind: ChatNotification['kind'], seq: number): ChatNotification => ({
      kind, conversation_id: d.conversation_id, post_id: d.post_id, seq, customer_id: d.customer_id, provider_id: d.provider_id,
    });
    const conversation = conversations.get(d.conversation_id);
    switch (event.type) {
      case 'ConversationStarted': {
        const at = new Date(event.data.started_at);
        conversations.insert({
          uuid: d.conversation_id,
          post_id: d.post_id,
          customer_id: d.customer_id,
          provider_id: d.provider_id,
          started_by: event.data.started_by,
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
        });
        notifications.push([event, notification('started', 0)]);
        break;
      }
      case 'MessageSent': {
        const m = event.data;
        if (!conversation || conversation.message_count >= m.seq) break; // applied already
        const at = new Date(m.sent_at);
        const recipient = other(m.sender_side);
        const held = sent.get(m.conversation_id);
        if (held) held.push(chatMessageRowOf(m));
        else sent.set(m.conversation_id, [chatMessageRowOf(m)]);
        if (!conversation.deleted) mail.push({ event, unreadBefore: conversation[unreadColumn[recipient]] });
        conversations.update(m.conversation_id, {
          message_count: m.seq,
          updated_at: at,
          last_text: m.text ?? null,
          last_sender_side: m.sender_side,
          last_sent_at: at,
          // Writing is reading (domain/conversation/decider.ts): the sender has nothing unread.
          [readColumn[m.sender_side]]: m.seq,
          [unreadColumn[m.sender_side]]: 0,
          [unreadColumn[recipient]]: conversation[unreadColumn[recipient]] + 1,
        });
        notifications.push([event, notification('message', m.seq)]);
        break;
      }
      case 'ConversationRead': {
        const r = event.data;
        if (conversation) {
          // Unread: the other party's messages after the marker (0 when the marker is the latest message).
          const sentHere = (sent.get(r.conversation_id) ?? []).filter((m) => m.sender_side === other(r.reader_side) && m.seq > r.up_to_seq).length;
          conversations.update(r.conversation_id, {
            [readColumn[r.reader_side]]: Math.max(conversation[readColumn[r.reader_side]], r.up_to_seq),
            [unreadColumn[r.reader_side]]: (unreadInTable.get(event.id) ?? 0) + sentHere,
          });
        }
        notifications.push([event, notification('read', r.up_to_seq)]);
        break;
      }
      default: {
        const _never: never = event;
        return _never;
      }
    }
  }
  const messages = [...sent.values()].flat();
  if (messages.length > 0) {
    const column = <T>(pick: (m: ChatMessageRow) => T) => messages.map(pick);
    await sql`
      insert into chat_messages (uuid, conversation_id, seq, sender_id, sender_side, text, sent_at)
      select * from unnest(
        ${column((m) => m.uuid)}::uuid[], ${column((m) => m.conversation_id)}::uuid[], ${column((m) => m.seq)}::int[],
        ${column((m) => m.sender_id)}::uuid[], ${column((m) => m.sender_side)}::text[], ${column((m) => m.text)}::text[],
        ${column((m) => m.sent_at)}::timestamptz[]
      )`.execute(db);
  }
  await conversations.flush();
  for (const { event, unreadBefore } of mail) await awayMailFor(db, context, event, unreadBefore);
  return notifications;
}

/**
 * For each read whose marker is before the conversation's last message in the table, the other party's messages in
 * the table after the marker, in one query (by the read's event id). A read up to the latest message, the usual one,
 * needs none: the live path stays at its statements.
 */
async function unreadInTableAfterReads(db: Database, conversations: BatchRows<ConversationRow>, events: StretchEvent[]): Promise<Map<string, number>> {
  const reads = events.filter(
    (event): event is RecordedEvent & ConversationRead =>
      event.type === 'ConversationRead' && event.data.up_to_seq < (conversations.get(event.data.conversation_id)?.message_count ?? 0),
  );
  if (reads.length === 0) return new Map();
  const { rows } = await sql<{ id: string; n: number }>`
    select r.id, (select count(*) from chat_messages m where m.conversation_id = r.conversation_id and m.sender_side = r.sender_side and m.seq > r.up_to_seq)::int as n
    from unnest(
      ${reads.map((r) => r.id)}::text[], ${reads.map((r) => r.data.conversation_id)}::uuid[],
      ${reads.map((r) => other(r.data.reader_side))}::text[], ${reads.map((r) => r.data.up_to_seq)}::int[]
    ) as r(id, conversation_id, sender_side, up_to_seq)`.execute(db);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/**
 * The erased person's texts go with them (as a rebuild after erasure would show them), and so do the away e-mails
 * naming them that this projection wrote after the deletion blanked the outbox (it lags the log).
 */
async function eraseSender(db: Database, userId: string): Promise<void> {
  await eraseOutboxSubject(db, userId);
  await db.updateTable('chat_messages').set({ text: null }).where('sender_id', '=', userId).execute();
  await db
    .updateTable('conversations')
    .set({
      last_text: sql`(select m.text from chat_messages m where m.conversation_id = conversations.uuid order by m.seq desc limit 1)`,
    })
    .where((eb) => eb.or([eb('customer_id', '=', userId), eb('provider_id', '=', userId)]))
    .execute();
}
