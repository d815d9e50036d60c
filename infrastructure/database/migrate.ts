import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database';
import * as eventStore from './migrations/2026-11-21T0000-event-store';
import * as projections from './migrations/2026-11-21T0001-projections';
import * as personalDataKeys from './migrations/2026-11-21T0002-personal-data-keys';
import * as files from './migrations/2026-11-21T0003-files';
import * as identity from './migrations/2026-11-21T0004-identity';
import * as appendFunction from './migrations/2026-11-21T0005-append-function';
import * as outboxMessages from './migrations/2026-11-21T1220-outbox-messages';
import * as authorizationCodes from './migrations/2026-11-21T1400-authorization-codes';
import * as phoneVerifications from './migrations/2026-11-21T1500-phone-verifications';
import * as outboxSequence from './migrations/2026-11-21T1700-outbox-sequence';
import * as localities from './migrations/2026-11-21T1600-localities';
import * as schedulerClaims from './migrations/2026-11-21T1810-scheduler-claims';
import * as messagePresence from './migrations/2026-11-21T2101-message-presence';
import * as emailLinkUses from './migrations/2026-11-21T2601-email-link-uses';
import * as rateLimits from './migrations/2026-11-21T2710-rate-limits';
import * as eventsHorizon from './migrations/2026-11-22T0100-events-horizon';
import * as appendTogether from './migrations/2026-11-26T0100-append-together';
import * as eventsHorizonPlpgsql from './migrations/2026-11-26T0900-events-horizon-plpgsql';
import * as appendBatch from './migrations/2026-11-26T1400-append-batch';
import * as appendBatchSet from './migrations/2026-11-26T2100-append-batch-set';
import * as eventsLz4 from './migrations/2026-11-26T2130-events-lz4';
import * as endedSessions from './migrations/2026-11-27T0500-ended-sessions';
import * as filesStoredAt from './migrations/2026-11-27T0900-files-stored-at';
import * as emailLinkLeases from './migrations/2026-11-27T1000-email-link-leases';
import * as analyticsSchema from './migrations/2026-11-27T1400-analytics-schema';
import * as erasedSubjects from './migrations/2026-11-27T1500-erased-subjects';
import * as outboxMentions from './migrations/2026-11-27T1510-outbox-mentions';
import * as buildLeases from './migrations/2026-11-29T2000-build-leases';

// Listed by hand so the bundle-free start (tsx) and the tests see the same set; names sort by timestamp.
const migrations: Record<string, Migration> = {
  '2026-11-21T0000-event-store': eventStore,
  '2026-11-21T0001-projections': projections,
  '2026-11-21T0002-personal-data-keys': personalDataKeys,
  '2026-11-21T0003-files': files,
  '2026-11-21T0004-identity': identity,
  '2026-11-21T0005-append-function': appendFunction,
  '2026-11-21T1220-outbox-messages': outboxMessages,
  '2026-11-21T1400-authorization-codes': authorizationCodes,
  '2026-11-21T1500-phone-verifications': phoneVerifications,
  '2026-11-21T1600-localities': localities,
  '2026-11-21T1700-outbox-sequence': outboxSequence,
  '2026-11-21T1810-scheduler-claims': schedulerClaims,
  '2026-11-21T2101-message-presence': messagePresence,
  '2026-11-21T2601-email-link-uses': emailLinkUses,
  '2026-11-21T2710-rate-limits': rateLimits,
  '2026-11-22T0100-events-horizon': eventsHorizon,
  '2026-11-26T0100-append-together': appendTogether,
  '2026-11-26T0900-events-horizon-plpgsql': eventsHorizonPlpgsql,
  '2026-11-26T1400-append-batch': appendBatch,
  '2026-11-26T2100-append-batch-set': appendBatchSet,
  '2026-11-26T2130-events-lz4': eventsLz4,
  '2026-11-27T0500-ended-sessions': endedSessions,
  '2026-11-27T0900-files-stored-at': filesStoredAt,
  '2026-11-27T1000-email-link-leases': emailLinkLeases,
  '2026-11-27T1400-analytics-schema': analyticsSchema,
  '2026-11-27T1500-erased-subjects': erasedSubjects,
  '2026-11-27T1510-outbox-mentions': outboxMentions,
  '2026-11-29T2000-build-leases': buildLeases,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The advisory lock between the migrations and the projection runner's schema changes (a rebuild's swap and the drop
 * of the schema it replaces): kysely's migrator lists every table of every schema before it migrates, and a schema
 * dropped under that listing failed a process's start (`schema "proj_…" does not exist`, issue 26). Migrations take
 * it exclusively, swaps and drops shared (they do not wait for each other).
 */
const SCHEMA_CHANGES_LOCK = sql`hashtextextended('migrations and projection schema swaps', 0)`;

/** In a transaction that drops or replaces a projection's schema or views: waits while migrations run. */
export async function lockOutMigrations(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${SCHEMA_CHANGES_LOCK})`.execute(trx);
}

/**
 * Brings the shared tables up to date; safe to run from several processes at once (kysely takes a lock) and beside
 * rebuilds (SCHEMA_CHANGES_LOCK, held on one connection for the whole run).
 */
export async function migrateToLatest(db: Database): Promise<void> {
  if (await allApplied(db)) return;
  const { error, results } = await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGES_LOCK})`.execute(connection);
    try {
      return await new Migrator({ db: connection, provider }).migrateToLatest();
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGES_LOCK})`.execute(connection);
    }
  });
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
}

/**
 * True when every migration is recorded already (every restart): one read instead of kysely's lock and checks, half a
 * second of a restart on embedded PGlite (docs/operations.md "The UI build"). Anything else goes through the Migrator.
 */
async function allApplied(db: Database): Promise<boolean> {
  const names = Object.keys(migrations);
  const { rows: table } = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!table[0]?.found) return false; // the first start
  const { rows } = await sql<{ applied: number }>`select count(*)::int as applied from kysely_migration where name = any(${names})`.execute(db);
  return rows[0]?.applied === names.length;
}
