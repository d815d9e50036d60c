import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The scheduler's claims (projections/scheduler/transition-scheduler.ts, docs/post-lifecycle.md): one row per
  // firing of a scheduled transition (post, kind, due time), so one process fires it, once; `retry_at` is the lease
  // of the process firing it, then the back-off after a failure. Ids and times only.
  await sql`
    create table scheduler_claims (
      post_id uuid not null,
      kind text not null,
      due_at timestamptz not null,
      attempts integer not null,
      retry_at timestamptz not null,
      done boolean not null default false,
      primary key (post_id, kind, due_at)
    )`.execute(db);
  await sql`create index scheduler_claims_done on scheduler_claims (done, due_at)`.execute(db);
}
