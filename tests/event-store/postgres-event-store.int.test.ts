import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { comparePositions, type RecordedEvent, START } from '../../infrastructure/event-store/event-store';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { createTestDatabase, serverUrl } from '../support/test-database';
import { event, eventStoreContract, streamName } from './event-store-contract';

eventStoreContract('PostgreSQL adapter on embedded PGlite', async () => {
  const database = await createTestDatabase('embedded');
  return { store: new PostgresEventStore(database.db), close: database.close };
}, { uniqueEventIdsAcrossStreams: true });

describe('appending to several streams together (PGlite, or the server in CI\'s second run)', () => {
  it('stores every part in one go, each at its own revision, or nothing when one part is refused', async () => {
    const database = await createTestDatabase();
    try {
      const store = new PostgresEventStore(database.db);
      const [post, bid, other] = [streamName('post'), streamName('bid'), streamName('bid')];
      await store.append(post, [event('Opened')], 'no_stream');
      const [onPost, onBid] = await store.appendTogether([
        { streamId: post, events: [event('Registered')], expectedRevision: 0 },
        { streamId: bid, events: [event('Placed'), event('Edited')], expectedRevision: 'no_stream' },
      ]);
      expect([onPost!.nextRevision, onBid!.nextRevision]).toEqual([1, 1]);
      expect(comparePositions(onPost!.position, onBid!.position)).toBe(-1);
      expect((await store.readStream(bid)).map((e) => e.type)).toEqual(['Placed', 'Edited']);

      // The post moved on since revision 0: neither part is written, and the error names the post's revision.
      const refused = store.appendTogether([
        { streamId: post, events: [event('Registered')], expectedRevision: 0 },
        { streamId: other, events: [event('Placed')], expectedRevision: 'no_stream' },
      ]);
      await expect(refused).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamId: post });
      expect(await store.readStream(other)).toEqual([]);
      expect(await store.readStream(post)).toHaveLength(2);

      // Refused on the second part: the first is undone too.
      await expect(
        store.appendTogether([
          { streamId: post, events: [event('Registered')], expectedRevision: 1 },
          { streamId: bid, events: [event('Placed')], expectedRevision: 'no_stream' },
        ]),
      ).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamId: bid });
      expect(await store.readStream(post)).toHaveLength(2);
    } finally {
      await database.close();
    }
  });
});

describe('appends arriving together (PGlite, or the server in CI\'s second run)', () => {
  it('are written in one statement, each caller getting its own answer: written, conflict, or done already', async () => {
    const database = await createTestDatabase();
    try {
      const store = new PostgresEventStore(database.db);
      const post = streamName('post');
      await store.append(post, [event('Opened')], 'no_stream');
      const repeated = { streamId: streamName('thing'), events: [event('Done')] };
      await store.append(repeated.streamId, repeated.events, 'no_stream');
      const [bidA, bidB, contested, counter] = [streamName('bid'), streamName('bid'), streamName('thing'), streamName('counter')];

      // Fired in one go: the first two calls find the writer free, the rest wait and go in one statement.
      const outcome = (promise: Promise<unknown>) => promise.then(() => 'written', (error: Error) => error.name);
      const calls = [
        store.append(streamName('warm'), [event()], 'no_stream'),
        store.append(streamName('warm'), [event()], 'no_stream'),
        store.appendTogether([
          { streamId: post, events: [event('Registered')], expectedRevision: 0 },
          { streamId: bidA, events: [event('Placed')], expectedRevision: 'no_stream' },
        ]),
        store.appendTogether([
          { streamId: post, events: [event('Registered')], expectedRevision: 0 },
          { streamId: bidB, events: [event('Placed')], expectedRevision: 'no_stream' },
        ]),
        store.append(contested, [event('First')], 'no_stream'),
        store.append(contested, [event('Second')], 'no_stream'),
        ...Array.from({ length: 5 }, () => store.append(counter, [event('Counted')], 'any')),
        store.append(repeated.streamId, repeated.events, 'no_stream'),
      ];
      const outcomes = await Promise.all(calls.map(outcome));

      // One bid of the two on revision 0 of the post, one first event of the contested stream; the rest written.
      expect(outcomes.slice(2, 4).sort()).toEqual(['WrongExpectedRevisionError', 'written']);
      expect(outcomes.slice(4, 6).sort()).toEqual(['WrongExpectedRevisionError', 'written']);
      expect(outcomes.slice(6)).toEqual(Array(6).fill('written'));
      expect(await calls.at(-1)).toMatchObject({ nextRevision: 0 }); // the repeated append, answered as done
      const placed = [...(await store.readStream(bidA)), ...(await store.readStream(bidB))];
      expect(placed).toHaveLength(1);
      expect((await store.readStream(post)).map((e) => e.type)).toEqual(['Opened', 'Registered']);
      expect((await store.readStream(contested)).map((e) => e.type)).toHaveLength(1);
      expect((await store.readStream(counter)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      expect(await store.readStream(repeated.streamId)).toHaveLength(1);

      // The waiting callers shared a statement, so their events share a transaction.
      const { rows } = await sql<{ callers: number }>`
        select count(distinct stream_id)::int as callers from events group by transaction_id order by 1 desc limit 1`.execute(database.db);
      expect(rows[0]!.callers).toBeGreaterThan(2);
    } finally {
      await database.close();
    }
  });

  it('a caller whose events fail the whole statement does not take the others down with it', async () => {
    const database = await createTestDatabase();
    try {
      const store = new PostgresEventStore(database.db);
      const taken = event('Taken');
      await store.append(streamName('owner'), [taken], 'no_stream');
      const streams = Array.from({ length: 8 }, () => streamName('thing'));
      const calls = [
        ...streams.map((stream) => store.append(stream, [event()], 'no_stream')),
        store.append(streamName('thief'), [taken], 'no_stream'), // an event id stored in another stream
      ];
      const outcomes = await Promise.all(calls.map((call) => call.then(() => 'written', (error: Error) => error.name)));
      expect(outcomes).toEqual([...Array(8).fill('written'), 'DuplicateEventIdError']);
      for (const stream of streams) expect(await store.readStream(stream)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

// CI's second run sets DATABASE_URL; the late-commit scenarios need a server's concurrent connections.
describe.runIf(serverUrl)('on a PostgreSQL server', () => {
  eventStoreContract('PostgreSQL adapter on a server', async () => {
    const database = await createTestDatabase('server');
    return { store: new PostgresEventStore(database.db), close: database.close };
  }, { uniqueEventIdsAcrossStreams: true });

  it('a reader never passes an event whose transaction commits after later ones', async () => {
    const database = await createTestDatabase('server');
    const store = new PostgresEventStore(database.db);
    let onFailure = () => {};
    const live = store.subscribe(START);
    try {
      const received: string[] = [];
      const collecting = (async () => {
        for await (const e of live) {
          received.push(e.id);
          if (received.length === 3) break;
        }
      })();

      const late = event('Late');
      let commitLate!: () => void;
      const lateCanCommit = new Promise<void>((resolve) => (commitLate = resolve));
      let lateAppended!: () => void;
      const lateIsAppended = new Promise<void>((resolve) => (lateAppended = resolve));
      const lateTransaction = database.db.transaction().execute(async (trx) => {
        await store.inTransaction(trx).append(streamName(), [late], 'no_stream');
        lateAppended();
        await lateCanCommit;
      });
      await lateIsAppended;
      onFailure = commitLate;

      // Two appends take later positions and commit while the first transaction is still open.
      const early1 = event('Early');
      const early2 = event('Early');
      await store.append(streamName(), [early1], 'no_stream');
      await store.append(streamName(), [early2], 'no_stream');

      // Nothing after the open transaction is visible yet, whatever the reader's position.
      let visibleWhileOpen: unknown[];
      try {
        visibleWhileOpen = (await store.readAll(START, 100)).events;
        await new Promise((r) => setTimeout(r, 150));
      } finally {
        commitLate();
      }
      expect(visibleWhileOpen).toEqual([]);
      expect(received).toEqual([]);
      await lateTransaction;
      await collecting;
      expect(received).toEqual([late.id, early1.id, early2.id]);
      const all = (await store.readAll(START, 100)).events;
      expect(all.map((e) => e.id)).toEqual([late.id, early1.id, early2.id]);
      // The scenario is real: the late event holds the smallest sequence number but committed last.
      expect(all[0]!.position.prepare).toBeLessThan(all[1]!.position.prepare);
    } finally {
      onFailure(); // an assertion that failed mid-way must not leave the transaction open
      await live.close();
      await database.close();
    }
  });

  // Transactions that cannot append to this log: readers do not wait for them (events_horizon() in the migrations).
  it.each([
    ['in another database of the server', true, false],
    ['for a projection batch in this database', false, true],
  ])('a transaction open %s does not hold the readers back', async (_, elsewhere, projectionBatch) => {
    const database = await createTestDatabase('server');
    const neighbour = elsewhere ? await createTestDatabase('server') : database;
    const store = new PostgresEventStore(database.db);
    let endOpenTransaction = () => {};
    try {
      // The open transaction takes its transaction id before the append and keeps it.
      let holdsId!: () => void;
      const holdsIdNow = new Promise<void>((resolve) => (holdsId = resolve));
      const canEnd = new Promise<void>((resolve) => (endOpenTransaction = resolve));
      const openTransaction = neighbour.db.transaction().execute(async (trx) => {
        if (projectionBatch) await sql`select set_config('application_name', 'projection batch', true)`.execute(trx);
        await sql`select pg_current_xact_id()`.execute(trx);
        holdsId();
        await canEnd;
      });
      await holdsIdNow;
      const appended = event('Appended');
      await store.append(streamName(), [appended], 'no_stream');
      expect((await store.readAll(START, 100)).events.map((e) => e.id)).toEqual([appended.id]);
      endOpenTransaction();
      await openTransaction;
    } finally {
      endOpenTransaction();
      if (elsewhere) await neighbour.close();
      await database.close();
    }
  });

  it('16 concurrent appenders, some rolling back: subscribers from 0 see every committed event exactly once', async () => {
    const database = await createTestDatabase('server');
    const store = new PostgresEventStore(database.db);
    const writers = 16;
    const transactionsPerWriter = 40;
    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    try {
      const during = collect(store, () => committed.size, 'during');
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          const stream = streamName(`writer${writer}`);
          let revision = -1;
          for (let t = 0; t < transactionsPerWriter; t++) {
            const events = Array.from({ length: 1 + Math.floor(random() * 3) }, () => event('Written', { writer, t }));
            const rollBack = random() < 0.25;
            const pause = Math.floor(random() * 4);
            try {
              await database.db.transaction().execute(async (trx) => {
                const result = await store.inTransaction(trx).append(stream, events, revision < 0 ? 'no_stream' : revision);
                await new Promise((r) => setTimeout(r, pause)); // hold the transaction open while others commit
                if (rollBack) throw new RollBack();
                revision = result.nextRevision;
              });
              for (const e of events) committed.add(e.id);
            } catch (error) {
              if (!(error instanceof RollBack)) throw error;
              for (const e of events) rolledBack.add(e.id);
            }
          }
        }),
      );
      const total = committed.size;
      expect(rolledBack.size).toBeGreaterThan(0);
      const seenDuring = await during.finish(total);
      const seenAfter = await collect(store, () => total, 'after').finish(total);
      for (const seen of [seenDuring, seenAfter]) {
        const ids = seen.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length); // exactly once
        expect(new Set(ids)).toEqual(committed); // every committed event, none rolled back
        for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);
      }
    } finally {
      await database.close();
    }
  }, 60_000);
});

class RollBack extends Error {}

/** A subscriber from position 0 that keeps everything it receives until it has `expected` events or times out. */
function collect(store: PostgresEventStore, _expected: () => number, _label: string) {
  const subscription = store.subscribe(START);
  const seen: RecordedEvent[] = [];
  const running = (async () => {
    for await (const e of subscription) seen.push(e);
  })();
  return {
    async finish(expected: number): Promise<RecordedEvent[]> {
      const deadline = Date.now() + 10_000;
      while (seen.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200)); // anything extra (a duplicate) would arrive now
      await subscription.close();
      await running;
      return [...seen];
    },
  };
}
