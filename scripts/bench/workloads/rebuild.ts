import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../../../infrastructure/database/database';
import type { EventStore } from '../../../infrastructure/event-store/event-store';
import { PostgresEventStore } from '../../../infrastructure/event-store/postgres-event-store';
import type { Projection } from '../../../projections/projection';
import { ProjectionRunner } from '../../../projections/runner';
import { bidsProjection } from '../projections';
import type { Task, TaskResult } from '../tasks';
import { timed } from '../writers';

/**
 * A full rebuild from a cold runner (fresh process, fresh runner, no warm-up): `createBuild` then `catchUp`,
 * which reads the log in batches, applies each with its checkpoint in one transaction and swaps the build in.
 */
export async function rebuild(task: Extract<Task, { kind: 'rebuild' }>): Promise<TaskResult> {
  const handle = await openDatabase({ url: task.url, maxConnections: 4 });
  try {
    await dropEarlierBuilds(handle.db); // every batch size starts from the same empty state
    const timing = { read: 0, handle: 0 };
    const store = timedReads(new PostgresEventStore(handle.db), timing);
    const projection = timedHandle(bidsProjection, timing);
    const runner = new ProjectionRunner({ db: handle.db, store, consumers: [projection], batchSize: task.batch, rebuildBatchSize: task.batch });
    let batches = 0;
    runner.onProgress(() => batches++);
    const seconds = await timed(async () => {
      await runner.createBuild(projection);
      await runner.catchUp();
    });
    await check(handle.db, task.expectedEvents);
    const rest = seconds - timing.read - timing.handle;
    return {
      operations: batches - 1, // the swap reports progress too
      events: task.expectedEvents,
      seconds,
      notes: [
        `rebuild batch ${task.batch}: readAll ${pct(timing.read, seconds)}, handler (aggregate + upsert) ${pct(timing.handle, seconds)}, ` +
          `transaction, checkpoint and swap ${pct(rest, seconds)}`,
      ],
    };
  } finally {
    await handle.close();
  }
}

function pct(part: number, whole: number): string {
  return `${part.toFixed(1)} s (${Math.round((part / whole) * 100)}%)`;
}

function timedReads(store: PostgresEventStore, timing: { read: number }): EventStore {
  return {
    append: (s, e, r) => store.append(s, e, r),
    readStream: (s) => store.readStream(s),
    readAll: async (from, batch) => {
      const started = performance.now();
      try {
        return await store.readAll(from, batch);
      } finally {
        timing.read += (performance.now() - started) / 1000;
      }
    },
    subscribe: (from) => store.subscribe(from),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

function timedHandle(projection: Projection, timing: { handle: number }): Projection {
  return {
    ...projection,
    handle: async (events, trx) => {
      const started = performance.now();
      try {
        await projection.handle(events, trx);
      } finally {
        timing.handle += (performance.now() - started) / 1000;
      }
    },
  };
}

async function dropEarlierBuilds(db: Database): Promise<void> {
  const { rows } = await sql<{ schema_name: string }>`
    select schema_name from projection_builds where name = ${bidsProjection.name}`.execute(db);
  for (const table of bidsProjection.tables) await sql`drop view if exists ${sql.id('public', table)}`.execute(db);
  for (const row of rows) await sql`drop schema if exists ${sql.id(row.schema_name)} cascade`.execute(db);
  await sql`delete from projection_builds where name = ${bidsProjection.name}`.execute(db);
}

/** The rebuild went live and counted every event once. */
async function check(db: Database, expected: number): Promise<void> {
  const { rows } = await sql<{ events: string | null }>`select sum(events)::text as events from loan_request_bids`.execute(db);
  const counted = Number(rows[0]?.events ?? 0);
  if (counted !== expected) throw new Error(`rebuild counted ${counted} events, expected ${expected}`);
}
