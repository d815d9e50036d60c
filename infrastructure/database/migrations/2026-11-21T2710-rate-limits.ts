import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The rate limits' counters, shared by every API process (infrastructure/rate-limit-store.ts, docs/security.md):
  // one row per limited key and its current window. The key is a SHA-256 hash (keys name e-mails, addresses and
  // users); `scope` names the limit (a route), for an operator's eye only.
  await sql`
    create table rate_limit_counters (
      key text primary key,
      scope text not null,
      hits integer not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_counters_expires_at on rate_limit_counters (expires_at)`.execute(db);
}
