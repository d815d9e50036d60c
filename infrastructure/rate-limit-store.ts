import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './database/database';

// Rate-limit counters in the database, so every API process counts against the same limit (docs/security.md
// "Rate limits (shared)"). A window opens at a key's first hit and lasts `windowMs`; the next hit after it starts a
// new one. Counting is one statement, so concurrent hits from several processes are all counted.

/** Rows whose window ended are deleted at most this often per process (one indexed delete). */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<Database, number>();

/** The stored key: a hash, since keys name e-mail addresses, client addresses and users. */
export function counterKey(scope: string, key: string): string {
  return createHash('sha256').update(`${scope}\u0000${key}`).digest('base64url');
}

export type Hit = { hits: number; ttlMs: number };

/**
 * Counts one hit of `key` under `scope` and answers the hits of the current window and the time left in it. The time
 * left is capped at the window: a hit whose transaction began before the one that opened the window (it waited for
 * that row) would otherwise count from its own earlier `now()` (CI saw 60,000.47 ms of a 60,000 ms window).
 */
export async function countHit(db: Database, scope: string, key: string, windowMs: number): Promise<Hit> {
  await cleanUpNowAndThen(db);
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    insert into rate_limit_counters as c (key, scope, hits, expires_at)
    values (${counterKey(scope, key)}, ${scope}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
      expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
    returning hits, least(${windowMs}::float8, greatest(0, extract(epoch from expires_at - now()) * 1000)::float8) as ttl_ms`.execute(db);
  const row = rows[0]!;
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

async function cleanUpNowAndThen(db: Database): Promise<void> {
  const now = Date.now();
  if (now - (lastCleanup.get(db) ?? 0) < CLEANUP_EVERY_MS) return;
  lastCleanup.set(db, now);
  // `expires_at` is checked again on a row a concurrent hit just renewed, so a live window is never deleted.
  await sql`delete from rate_limit_counters where expires_at < now()`.execute(db);
}
