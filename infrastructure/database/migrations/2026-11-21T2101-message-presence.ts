import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who has the live message stream open (api/message-hub.ts, docs/messages.md "Away e-mail"): one row per user,
  // refreshed by each API process at every heartbeat while the user has a stream open, deleted when the last one
  // closes. The message projection mails a recipient only when they are not seen here recently. Ids and times only.
  await sql`
    create table message_presence (
      user_id uuid primary key,
      seen_at timestamptz not null
    )`.execute(db);
}
