import { type Kysely, sql } from 'kysely';

// The global log. `transaction_id` orders it together with `position`, so a reader that stays below the oldest
// running transaction never passes an event that commits later (see docs/architecture.md, "Reading the log").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      revision integer not null,
      event_id uuid not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      constraint events_stream_revision unique (stream_id, revision),
      constraint events_event_id unique (event_id)
    )`.execute(db);
  await sql`create index events_global_order on events (transaction_id, position)`.execute(db);
}
