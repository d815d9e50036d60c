import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Messages written in the same microsecond (a burst of mails) keep the order they were written in: the mailbox
  // sorts by time, then by this sequence (a random id broke ties arbitrarily).
  await sql`alter table outbox_messages add column seq bigint generated always as identity`.execute(db);
  await sql`drop index outbox_messages_created_at`.execute(db);
  await sql`create index outbox_messages_created_at on outbox_messages (created_at desc, seq desc)`.execute(db);
}
