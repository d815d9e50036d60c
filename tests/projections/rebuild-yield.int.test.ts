import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner, REBUILD_APPLICATION_NAME } from '../../projections/runner';
import { event, streamName } from '../event-store/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// RunnerOptions.rebuildYield (issue 27): a build catching up leaves the database to live work. "Live work" is another
// session running a statement, so these tests need the server's pg_stat_activity. No timing is asserted: the pause is
// made long enough (a factor of a million) that a step taken after it began surely falls within it.

const counting = (name: string): Projection => ({
  kind: 'projection',
  name,
  version: 1,
  tables: [`${name}_events`],
  async createTables(trx) {
    await sql`create table ${sql.id(`${name}_events`)} (event_id uuid primary key)`.execute(trx);
  },
  async handle(events, trx) {
    for (const e of events) await sql`insert into ${sql.id(`${name}_events`)} values (${e.id})`.execute(trx);
  },
});

let database: TestDatabase;
let live: pg.Client | null = null;
afterEach(async () => {
  await live?.end().catch(() => {});
  live = null;
  await database?.close();
});

async function appendEvents(store: PostgresEventStore, count: number): Promise<void> {
  const stream = streamName('yield');
  for (let i = 0; i < count; i++) await store.append(stream, [event('Counted', { i })], i === 0 ? 'no_stream' : i - 1);
}

async function applied(name: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.id(`${name}_events`)}`.execute(database.db);
  return Number(rows[0]!.n);
}

async function sleeping(): Promise<boolean> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from pg_stat_activity where datname = current_database() and state = 'active' and query like 'select pg_sleep%'`.execute(database.db);
  return rows[0]!.n !== '0';
}

describe.runIf(process.env.DATABASE_URL)('a rebuild yielding to live work (rebuildYield)', () => {
  it('on a quiet database applies its batches back to back: catchUp builds the projection whole', async () => {
    database = await createTestDatabase('server');
    const store = new PostgresEventStore(database.db);
    await appendEvents(store, 7);
    const projection = counting('quiet');
    await new ProjectionRunner({ db: database.db, store, consumers: [projection], rebuildBatchSize: 2, batchSize: 2, rebuildYield: 1_000_000 }).catchUp();
    expect(await applied('quiet')).toBe(7);
    const { rows } = await sql<{ status: string }>`select status from projection_builds where name = 'quiet'`.execute(database.db);
    expect(rows).toEqual([{ status: 'live' }]);
  });

  it('while another session runs a statement, pauses every build of the runner after a batch, and the live builds go on', async () => {
    database = await createTestDatabase('server');
    const store = new PostgresEventStore(database.db);
    await appendEvents(store, 6);
    const [first, second] = [counting('first'), counting('second')];
    // Both live, then both rebuilding: the live builds must keep applying new events while the rebuilds wait.
    await new ProjectionRunner({ db: database.db, store, consumers: [first, second] }).catchUp();
    const runner = new ProjectionRunner({ db: database.db, store, consumers: [first, second], batchSize: 2, rebuildBatchSize: 2, rebuildYield: 1_000_000 });
    await runner.createBuild(first);
    await runner.createBuild(second);
    live = await liveSessionStarted(database.url!);

    expect(await runner.step(first)).toBe('worked'); // the first building batch runs, then the runner sees live work
    const checkpoints = await buildingCheckpoints();
    await appendEvents(store, 1);
    // The live builds apply the new event; neither rebuild takes a turn, whichever projection it is.
    expect(await runner.step(first)).toBe('waiting');
    expect(await runner.step(second)).toBe('waiting');
    expect(await buildingCheckpoints()).toEqual(checkpoints);
    expect([await applied('first'), await applied('second')]).toEqual([7, 7]); // through the live builds' views
  });

  it('does not take a rebuild process for live work', async () => {
    database = await createTestDatabase('server');
    const store = new PostgresEventStore(database.db);
    await appendEvents(store, 6);
    const projection = counting('beside');
    live = await liveSessionStarted(database.url!, REBUILD_APPLICATION_NAME);
    await new ProjectionRunner({ db: database.db, store, consumers: [projection], rebuildBatchSize: 2, batchSize: 2, rebuildYield: 1_000_000 }).catchUp();
    expect(await applied('beside')).toBe(6);
  });
});

async function liveSessionStarted(url: string, applicationName?: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName ?? 'api' });
  await client.connect();
  client.query('select pg_sleep(120)').catch(() => {}); // ended with the client
  while (!(await sleeping())) await new Promise((resolve) => setTimeout(resolve, 20));
  return client;
}

async function buildingCheckpoints(): Promise<unknown[]> {
  const { rows } = await sql`select name, checkpoint_commit::text from projection_builds where status = 'building' order by name`.execute(database.db);
  return rows;
}
