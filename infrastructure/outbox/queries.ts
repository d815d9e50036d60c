import { sql } from 'kysely';
import type { OutboxListQuery } from '../../domain/outbox/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../database/database';
import { escapeLike, pageOf } from '../database/list-queries';
import { type OutboxMessageRow, outboxDb } from './outbox-table';

// Reading the outbox for the admin mailbox, and erasing a person's messages (docs/mail.md, docs/personal-data.md).

export async function listOutboxMessages(db: Database, query: OutboxListQuery): Promise<ListResult<OutboxMessageRow>> {
  let filtered = outboxDb(db).selectFrom('outbox_messages');
  const { channel, status, recipient } = query.filter ?? {};
  if (channel) filtered = filtered.where('channel', '=', channel);
  if (status) filtered = filtered.where('status', '=', status);
  if (recipient) filtered = filtered.where('recipient', 'ilike', `%${escapeLike(recipient)}%`);
  // Newest first unless asked otherwise; the insertion order breaks ties, so pages never overlap or reorder.
  const direction = query.sorting?.created_at ?? 'desc';
  return pageOf(filtered.selectAll().orderBy('created_at', direction).orderBy('seq', direction), filtered, query);
}

export async function findOutboxMessage(db: Database, id: string): Promise<OutboxMessageRow | undefined> {
  return outboxDb(db).selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Erases the messages about a person (their user id as given in `dataSubject` or among the `mentions` when enqueued):
 * recipient, subject and
 * bodies are deleted, the row stays as 'erased' so that replaying the causing event does not enqueue it again.
 * A message not yet sent is not sent any more. Answers how many rows were erased.
 */
export async function eraseOutboxSubject(db: Database, dataSubject: string): Promise<number> {
  const { numUpdatedRows } = await erase(db)
    .where((eb) => eb.or([eb('data_subject', '=', dataSubject), eb('mentions', '@>', sql<string[]>`array[${dataSubject}]::text[]`)]))
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/** The same for every message to an address or phone number (compared without case). */
export async function eraseOutboxRecipient(db: Database, recipient: string): Promise<number> {
  const { numUpdatedRows } = await erase(db)
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.toLowerCase()))
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

function erase(db: Database) {
  return outboxDb(db)
    .updateTable('outbox_messages')
    .set({ status: 'erased', recipient: null, subject: null, text_body: null, html_body: null, last_error: null, claimed_until: null, claim_token: null })
    .where('status', '<>', 'erased');
}
