import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../infrastructure/database/migrate';
import { openDatabase, type DatabaseHandle } from '../../infrastructure/database/database';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 26 item 4: every process runs the migrations at start while a rebuild (another process's runner, or
// `npm run projections:rebuild`) may swap a build in and drop the old schema. The migrator lists every table of the
// database; a schema dropped under that listing failed the start with `schema "proj_…" does not exist`. Here one
// connection keeps swapping rebuilds of a projection in while another keeps running the start's migrations.

const TABLES = 12;
const COLUMNS = 30;
const wide: Projection = {
  kind: 'projection',
  name: 'wide',
  version: 1,
  tables: Array.from({ length: TABLES }, (_, i) => `wide_${i}`),
  async createTables(trx) {
    const columns = Array.from({ length: COLUMNS }, (_, i) => `c${i} serial`).join(', ');
    for (const table of wide.tables) await sql.raw(`create table ${table} (${columns})`).execute(trx);
  },
  async handle() {},
};

let database: TestDatabase;
let starting: DatabaseHandle; // the connections of a process starting meanwhile

beforeAll(async () => {
  database = await createTestDatabase('server');
  starting = await openDatabase({ url: database.url!, maxConnections: 2 });
});
afterAll(async () => {
  await starting?.close();
  await database?.close();
});

it('a process starting during rebuilds runs its migrations without failing (docs/operations.md "Rebuilding read models")', async () => {
  const runner = new ProjectionRunner({ db: database.db, store: new PostgresEventStore(database.db), consumers: [wide] });
  await runner.untilLive();
  let rebuilding = true;
  let swaps = 0;
  const rebuilds = (async () => {
    while (rebuilding) {
      await runner.createBuild(wide);
      await runner.step(wide); // an empty log: caught up at once, swapped in, the old schema dropped
      swaps++;
    }
  })();
  const failures: string[] = [];
  let migrations = 0;
  const deadline = Date.now() + 8000;
  try {
    while (Date.now() < deadline) {
      await migrateToLatest(starting.db).catch((error: Error) => failures.push(`${error.message}: ${(error.cause as Error | undefined)?.message}`));
      migrations++;
    }
  } finally {
    rebuilding = false;
    await rebuilds;
  }
  expect(failures).toEqual([]);
  expect(migrations).toBeGreaterThan(20);
  expect(swaps).toBeGreaterThan(5); // fewer than the migrations: each swap waits while one runs
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name like 'proj_wide_%'`.execute(database.db);
  expect(rows[0]!.n).toBe(1); // every replaced build's schema was dropped
}, 60_000);
