import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { derivedUuid } from '../../infrastructure/ids';
import type { Projection, Reactor } from '../../projections/projection';
import { waitForProjections } from '../../projections/projection-status';
import { ProjectionRunner } from '../../projections/runner';
import { event, streamName } from '../event-store/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// A projection that refuses to apply an event twice (primary key), so exactly-once is checked by the database.
const countingProjection = (version: number): Projection => ({
  kind: 'projection',
  name: 'counting',
  version,
  tables: ['applied_events', 'stream_counts'],
  async createTables(trx) {
    await sql`create table applied_events (event_id uuid primary key, version int not null)`.execute(trx);
    await sql`create table stream_counts (stream_id text primary key, count int not null)`.execute(trx);
  },
  async handle(events, trx) {
    for (const e of events) {
      await sql`insert into applied_events values (${e.id}, ${version})`.execute(trx);
      await sql`insert into stream_counts values (${e.streamId}, 1)
                on conflict (stream_id) do update set count = stream_counts.count + 1`.execute(trx);
    }
  },
});

// Acknowledges every Ping with a Pong in the ping's own acknowledgement stream, with an id derived from the ping.
const pongReactor = (version: number): Reactor => ({
  kind: 'reactor',
  name: 'pong',
  version,
  async react(events: RecordedEvent[], { store }) {
    for (const e of events) {
      if (e.type !== 'Ping') continue;
      const pong = { ...event('Pong', { ping: e.id }), id: derivedUuid('pong', e.id) };
      await store.append(`pong-${e.id}`, [pong], 'no_stream').catch(async (error) => {
        // Seen before: the same pong is already there (idempotent), anything else is a real error.
        const existing = await store.readStream(`pong-${e.id}`);
        if (existing[0]?.id !== pong.id) throw error;
      });
    }
  },
});

// Reads the counting projection: records, for every event, its type and whether the counting projection had
// already applied it.
const reader: Projection = {
  kind: 'projection',
  name: 'reader',
  version: 1,
  tables: ['seen'],
  readsFrom: ['counting'],
  async createTables(trx) {
    await sql`create table seen (event_id uuid primary key, type text not null, counted boolean not null)`.execute(trx);
  },
  async handle(events, trx) {
    for (const e of events) {
      await sql`insert into seen values (${e.id}, ${e.type}, exists (select 1 from public.applied_events where event_id = ${e.id}))`.execute(trx);
    }
  },
};

let database: TestDatabase;
afterEach(async () => {
  await database?.close();
});

async function appendMany(store: PostgresEventStore, streams: number, perStream: number, type = 'Counted') {
  for (let s = 0; s < streams; s++) {
    const stream = streamName('counted');
    for (let i = 0; i < perStream; i++) await store.append(stream, [event(type, { i })], i === 0 ? 'no_stream' : i - 1);
  }
}

describe('projection runner', () => {
  it('applies no event to a projection before the read models it reads have applied it', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    await appendMany(store, 2, 3);
    const counting = countingProjection(1);
    const runner = new ProjectionRunner({ db: database.db, store, consumers: [counting, reader], batchSize: 4, rebuildBatchSize: 4 });
    await runner.untilLive(); // steps the counting projection for the reader when the reader waits
    await runner.catchUp();
    await appendMany(store, 1, 3);
    // The reader alone: the counting projection has not applied the new events yet.
    expect(await runner.step(reader)).toBe('waiting');
    await runner.step(counting);
    await runner.catchUp();
    const { rows } = await sql<{ counted: boolean }>`select counted from seen`.execute(database.db);
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.counted)).toBe(true);
  });

  it('applies events the read models it reads do not act on without waiting for them, and waits at the first they do', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    const counting: Projection = { ...countingProjection(1), eventTypes: new Set(['Counted']) };
    const runner = new ProjectionRunner({ db: database.db, store, consumers: [counting, reader] });
    await appendMany(store, 1, 1);
    await runner.untilLive();
    await runner.catchUp();
    await appendMany(store, 1, 2, 'Other');
    await appendMany(store, 1, 1);
    await appendMany(store, 1, 1, 'Other');
    // The reader alone: it applies the two Other events, then holds at the Counted one the counting projection has
    // not applied yet (and at the Other event after it).
    expect(await runner.step(reader)).toBe('worked');
    expect(await runner.step(reader)).toBe('waiting');
    const seen = async () => (await sql<{ type: string }>`select type from seen`.execute(database.db)).rows.map((r) => r.type).sort();
    expect(await seen()).toEqual(['Counted', 'Other', 'Other']);
    await runner.catchUp();
    expect(await seen()).toEqual(['Counted', 'Counted', 'Other', 'Other', 'Other']);
  });

  it('moves the checkpoints of consumers with nothing to act on, each by compare-and-set', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    const consumers: Projection[] = ['a', 'b', 'c', 'd', 'e'].map((letter) => ({ ...countingProjection(1), name: `counting-${letter}`, eventTypes: new Set(['Counted']) }));
    const runner = new ProjectionRunner({ db: database.db, store, consumers, idleMs: 10 });
    await runner.untilLive();
    runner.start();
    await appendMany(store, 3, 2, 'Other');
    const stored = async () =>
      (await sql<{ name: string; at: string }>`
        select name, checkpoint_commit::text || '/' || checkpoint_prepare::text as at from projection_builds where status = 'live' order by name`.execute(database.db)).rows;
    const head = await store.headPosition();
    const atHead = `${head.commit}/${head.prepare}`;
    await expect.poll(stored, { timeout: 10_000 }).toEqual(consumers.map((c) => ({ name: c.name, at: atHead })));
    await runner.stop();

    // Another process moved one of them past new events meanwhile: its move is refused ('busy'), and the next step
    // reads where it is; the others move as before.
    await appendMany(store, 1, 2, 'Other');
    const newHead = await store.headPosition();
    await sql`update projection_builds set checkpoint_commit = ${newHead.commit.toString()}, checkpoint_prepare = ${newHead.prepare.toString()}
      where name = 'counting-a'`.execute(database.db);
    expect(await runner.step(consumers[0]!)).toBe('busy');
    expect(await runner.step(consumers[0]!)).toBe('idle');
    expect(await runner.step(consumers[1]!)).toBe('idle');
    expect((await stored()).slice(0, 2)).toEqual([{ name: 'counting-a', at: `${newHead.commit}/${newHead.prepare}` }, { name: 'counting-b', at: `${newHead.commit}/${newHead.prepare}` }]);
    expect((await sql<{ n: number }>`select count(*)::int as n from applied_events`.execute(database.db)).rows).toEqual([{ n: 0 }]);
  });

  it('applies every event once, in batches, and serves the tables through public views', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    await appendMany(store, 3, 4);
    const runner = new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(1)], batchSize: 5, rebuildBatchSize: 5 });
    await runner.catchUp();
    const { rows } = await sql<{ count: number }>`select count from stream_counts order by stream_id`.execute(database.db);
    expect(rows.map((r) => r.count)).toEqual([4, 4, 4]);

    // A second runner (a restart) starts from the stored checkpoint: nothing is applied twice.
    await appendMany(store, 1, 2);
    await new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(1)], batchSize: 5 }).catchUp();
    const { rows: applied } = await sql<{ n: string }>`select count(*)::text as n from applied_events`.execute(database.db);
    expect(applied[0]!.n).toBe('14');
  });

  it('rebuilds a projection whose version changed into fresh tables and swaps it in', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    await appendMany(store, 2, 3);
    await new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(1)] }).catchUp();
    const v1 = await sql<{ schema_name: string }>`select schema_name from projection_builds where status = 'live'`.execute(database.db);

    await new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(2)], batchSize: 2, rebuildBatchSize: 2 }).catchUp();
    const { rows } = await sql<{ version: number; n: string }>`select version, count(*)::text as n from applied_events group by version`.execute(database.db);
    expect(rows).toEqual([{ version: 2, n: '6' }]);
    const builds = await sql<{ version: number; status: string }>`select version, status from projection_builds order by version`.execute(database.db);
    expect(builds.rows).toEqual([
      { version: 1, status: 'retired' },
      { version: 2, status: 'live' },
    ]);
    const oldSchema = await sql`select 1 from information_schema.schemata where schema_name = ${v1.rows[0]!.schema_name}`.execute(database.db);
    expect(oldSchema.rows).toEqual([]);
  });

  it('a forced rebuild (projections:rebuild) keeps serving the live build until the new one has caught up', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    await appendMany(store, 1, 3);
    const runner = new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(1)], batchSize: 1, rebuildBatchSize: 1 });
    await runner.catchUp();
    await runner.createBuild(countingProjection(1));
    // The new build has applied one event of three; the view still shows the old build's complete rows.
    const building = await sql<{ schema_name: string }>`select schema_name from projection_builds where status = 'building'`.execute(database.db);
    await runner.step(countingProjection(1));
    const visible = await sql<{ count: number }>`select count from stream_counts`.execute(database.db);
    expect(visible.rows[0]!.count).toBe(3);
    await runner.catchUp();
    const live = await sql<{ schema_name: string }>`select schema_name from projection_builds where status = 'live'`.execute(database.db);
    expect(live.rows[0]!.schema_name).toBe(building.rows[0]!.schema_name);
    expect((await sql<{ count: number }>`select count from stream_counts`.execute(database.db)).rows[0]!.count).toBe(3);
  });

  it('a server leaves the builds projections:rebuild leases to it, and finishes them once a lease runs out', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    await appendMany(store, 1, 3);
    const server = new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(1)], batchSize: 1, rebuildBatchSize: 1 });
    await server.catchUp();
    const rebuild = new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(1)], batchSize: 1, rebuildBatchSize: 1, drivesBuilds: true });
    await rebuild.createBuild(countingProjection(1));
    await rebuild.leaseBuilds([countingProjection(1)]);
    const buildCheckpoint = async () =>
      (await sql<{ checkpoint: string }>`select checkpoint_prepare::text as checkpoint from projection_builds where status = 'building'`.execute(database.db)).rows[0]?.checkpoint;
    const untouched = await buildCheckpoint();
    // The server's runner steps its live build and leaves the leased one: nothing moves it.
    expect(await server.step(countingProjection(1), 'building')).toBe('busy');
    expect(await buildCheckpoint()).toBe(untouched);
    // The rebuild drives it.
    expect(await rebuild.step(countingProjection(1), 'building')).toBe('worked');
    const driven = await buildCheckpoint();
    expect(driven).not.toBe(untouched);
    // The rebuild died: once its lease has run out, the server finishes the build and swaps it in.
    await sql`update projection_builds set driven_until = now() - interval '1 second' where status = 'building'`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the server's runner trusts the builds it read for a second
    await server.catchUp();
    const { rows } = await sql<{ status: string }>`select status from projection_builds where status <> 'retired'`.execute(database.db);
    expect(rows).toEqual([{ status: 'live' }]);
    expect((await sql<{ count: number }>`select count from stream_counts`.execute(database.db)).rows[0]!.count).toBe(3);
    // A runner that does not drive builds may not lease them (it would leave them to itself).
    await expect(server.leaseBuilds([countingProjection(1)])).rejects.toThrow(/drivesBuilds/);
  });

  it('reactors are idempotent: replaying their triggers from position 0 issues nothing new', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    await appendMany(store, 3, 1, 'Ping');
    await new ProjectionRunner({ db: database.db, store, consumers: [pongReactor(1)] }).catchUp();
    await new ProjectionRunner({ db: database.db, store, consumers: [pongReactor(2)] }).catchUp(); // replays from 0
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from events where type = 'Pong'`.execute(database.db);
    expect(rows[0]!.n).toBe('3');
  });

  it('read-your-writes: a reader waits until the projection has applied a position, told by the runner in its process', async () => {
    database = await createTestDatabase();
    const store = new PostgresEventStore(database.db);
    const runner = new ProjectionRunner({ db: database.db, store, consumers: [countingProjection(1)], idleMs: 5 });
    runner.start();
    try {
      const { position } = await store.append(streamName(), [event()], 'no_stream');
      // The wait looks once, then would poll only after 60 s: only the runner's announcement can end it in time.
      const started = Date.now();
      expect(await waitForProjections(database.db, ['counting'], position, { timeoutMs: 60_000, pollMs: 60_000 })).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await sql<{ n: string }>`select count(*)::text as n from applied_events`.execute(database.db)).rows[0]!.n).toBe('1');
      const far = { commit: position.commit + 1000n, prepare: 0n };
      expect(await waitForProjections(database.db, ['counting'], far, { timeoutMs: 100 })).toBe(false);
    } finally {
      await runner.stop();
    }
  });

  describe.runIf(process.env.DATABASE_URL)('on a PostgreSQL server with several processes', () => {
    it('two runners on separate connection pools apply each event exactly once', async () => {
      database = await createTestDatabase('server');
      const store = new PostgresEventStore(database.db);
      const second = await openDatabase({ url: database.url!, maxConnections: 5 });
      try {
        const runners = [database.db, second.db].map(
          (db) => new ProjectionRunner({ db, store: new PostgresEventStore(db), consumers: [countingProjection(1)], batchSize: 7, idleMs: 5 }),
        );
        for (const r of runners) r.start();
        await appendMany(store, 10, 10);
        const { position } = await store.append(streamName(), [event()], 'no_stream');
        expect(await waitForProjections(database.db, ['counting'], position, { timeoutMs: 20_000 })).toBe(true);
        await Promise.all(runners.map((r) => r.stop()));
        const { rows } = await sql<{ n: string }>`select count(*)::text as n from applied_events`.execute(database.db);
        expect(rows[0]!.n).toBe('101');
      } finally {
        await second.close();
      }
    });
  });
});
