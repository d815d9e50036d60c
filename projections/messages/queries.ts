import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import { pageOf } from '../../infrastructure/database/list-queries';
import type { ChatMessageRow, ConversationRow } from './messages';

// The queries the messages API runs (api/routes/messages.ts). Scopes: a customer's conversations, a provider's,
// or every one (admins).

export type ConversationScope = { kind: 'customer'; userId: string } | { kind: 'provider'; userId: string } | { kind: 'all' };

export async function findConversation(db: Database, uuid: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('uuid', '=', uuid).where('deleted', '=', false).executeTakeFirst();
}

function scoped(db: Database, scope: ConversationScope) {
  let query = db.selectFrom('conversations').where('deleted', '=', false);
  if (scope.kind === 'customer') query = query.where('customer_id', '=', scope.userId);
  if (scope.kind === 'provider') query = query.where('provider_id', '=', scope.userId);
  return query;
}

/**
 * The inbox (spec 1 §2 "Other screens", §9: sorted by unread count): the caller's unread count descending, then
 * the latest message first. Admins, who are no party, read every conversation latest first.
 */
export async function listInbox(db: Database, scope: ConversationScope, page: number, count: number): Promise<{ total_records: number; rows: ConversationRow[] }> {
  let query = scoped(db, scope).selectAll();
  if (scope.kind === 'customer') query = query.orderBy('customer_unread', 'desc');
  if (scope.kind === 'provider') query = query.orderBy('provider_unread', 'desc');
  const { total_records, result } = await pageOf(query.orderBy('updated_at', 'desc').orderBy('uuid'), scoped(db, scope), { page, count });
  return { total_records, rows: result };
}

/** The conversations of one post the scope may read (a provider: its own, at most one). */
export async function conversationsOfPost(db: Database, postId: string, scope: ConversationScope): Promise<ConversationRow[]> {
  return scoped(db, scope).selectAll().where('post_id', '=', postId).orderBy('updated_at', 'desc').execute();
}

/** Unread messages over every conversation of a party (the sidebar's counter). */
export async function unreadTotal(db: Database, scope: ConversationScope): Promise<number> {
  if (scope.kind === 'all') return 0;
  const column = scope.kind === 'customer' ? 'customer_unread' : 'provider_unread';
  const row = await scoped(db, scope)
    .select(sql<string>`coalesce(sum(${sql.ref(column)}), 0)::text`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of messages: page 1 holds the newest `count`; each page is returned oldest first (as a chat reads). */
export async function listMessages(db: Database, conversationId: string, page: number, count: number): Promise<{ total_records: number; rows: ChatMessageRow[] }> {
  const messages = db.selectFrom('chat_messages').where('conversation_id', '=', conversationId);
  const { total_records, result } = await pageOf(messages.selectAll().orderBy('seq', 'desc'), messages, { page, count });
  return { total_records, rows: result.reverse() };
}

export async function findMessage(db: Database, uuid: string): Promise<ChatMessageRow | undefined> {
  return db.selectFrom('chat_messages').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export type ChatPerson = { uuid: string; first_name: string | null; last_name: string | null; organisation_name: string | null };

/** The parties' names and organisations, by uuid, in one query. */
export async function chatPeopleOf(db: Database, uuids: readonly string[]): Promise<Map<string, ChatPerson>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.uuid', 'users.organisation_uuid')
    .select(['users.uuid', 'users.first_name', 'users.last_name', 'organisations.name as organisation_name'])
    .where('users.uuid', 'in', [...new Set(uuids)])
    .execute();
  return new Map(rows.map((row) => [row.uuid, row]));
}

/** spec 1 §6: the customer's ask-me goes to a provider with a bid on the post (not deleted). */
export async function providerBidOnPost(db: Database, postId: string, providerId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from bids where post_id = ${postId} and provider_id = ${providerId} and not deleted) as found`.execute(db);
  return rows[0]?.found === true;
}
