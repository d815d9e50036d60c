import { type Kysely, sql } from 'kysely';

// The people a message names besides its data subject (user ids), so erasing any of them blanks it: the away e-mail
// to a provider names the customer who wrote ("Chloe sent you a message…", issue 26).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_messages add column mentions text[] not null default '{}'`.execute(db);
  await sql`create index outbox_messages_mentions on outbox_messages using gin (mentions)`.execute(db);
}
