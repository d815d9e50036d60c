import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '../../infrastructure/database/database';
import { migrateToLatest } from '../../infrastructure/database/migrate';
import { type Position, START } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import { closedWithFile } from './leftovers';

/** The server tests use when DATABASE_URL is set (CI's second run); otherwise embedded PGlite in memory. */
export const serverUrl = process.env.DATABASE_URL || undefined;

export type TestDatabase = DatabaseHandle & { url: string | undefined };

/**
 * A fresh, migrated database: a new database on the PostgreSQL server of DATABASE_URL, dropped on close, or an
 * in-memory PGlite. `mode` forces one of the two (tests that need concurrent connections use the server). Closed
 * with its test file at the latest (tests/support/leftovers.ts).
 */
export function createTestDatabase(mode: 'default' | 'server' | 'embedded' = 'default'): Promise<TestDatabase> {
  return closedWithFile(() => openTestDatabase(mode));
}

async function openTestDatabase(mode: 'default' | 'server' | 'embedded'): Promise<TestDatabase> {
  const useServer = mode === 'server' || (mode === 'default' && serverUrl !== undefined);
  if (!useServer) {
    const handle = await openDatabase({ embedded: true, loadDataDir: await migratedEmbeddedCluster() });
    await migrateToLatest(handle.db); // one read: the copy has every migration
    return { ...handle, url: undefined };
  }
  const admin = adminUrl();
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(admin, (c) => c.query(`create database ${name}`));
  const url = withDatabaseName(admin, name);
  const handle = await openDatabase({ url, maxConnections: 40 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Every in-memory PGlite of the tests starts from a copy of a freshly migrated one's data directory: a new PGlite runs
 * initdb (a second PGlite inside) and then every migration, which took four times as long as starting from the copy
 * (docs/operations.md "CI"). The migrations still run on PGlite: for the copy, and in the migration tests. The copy
 * is made once per run by tests/support/pglite-template.ts (the embedded runs), else once per test worker.
 */
let migratedCluster: Promise<Blob> | undefined;

function migratedEmbeddedCluster(): Promise<Blob> {
  migratedCluster ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : migratedEmbeddedDataDir();
  })();
  migratedCluster.catch(() => (migratedCluster = undefined)); // a failure is not kept for the next test
  return migratedCluster;
}

/** A new in-memory PGlite, migrated, as a data directory (PGlite's dumpDataDir, uncompressed). */
export async function migratedEmbeddedDataDir(): Promise<Blob> {
  const client = await PGlite.create();
  const db: Database = new Kysely({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    return await client.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

/** The machine's PostgreSQL server: DATABASE_URL, else the local default that CI also uses. */
export function adminUrl(): string {
  return serverUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** How many events the store holds now. */
export async function countEvents(db: Database): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from events`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * The newest event's position (START when there is none). Not the store's head: that stays below the oldest
 * transaction still open anywhere on the server (other databases too), so right after a burst it may not include the
 * last events yet.
 */
export async function newestEventPosition(db: Database): Promise<Position> {
  const { rows } = await sql<{ commit: string; prepare: string }>`
    select transaction_id::text as commit, position::text as prepare from events order by transaction_id desc, position desc limit 1`.execute(db);
  return rows[0] ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].prepare) } : START;
}

/**
 * Waits until the named read models hold every event committed so far (`newestEventPosition`, so a test's own write
 * is in even while another transaction holds the store's head back), and fails the test if they do not in time.
 */
export async function readModelsCaughtUp(db: Database, readModels: readonly string[], timeoutMs = 30_000): Promise<void> {
  if (!(await waitForProjections(db, readModels, await newestEventPosition(db), { timeoutMs }))) {
    throw new Error(`${readModels.join(', ')} did not catch up within ${timeoutMs} ms`);
  }
}
