import { sql } from 'kysely';
import { type Database, openDatabase } from '../../../infrastructure/database/database';
import { START } from '../../../infrastructure/event-store/event-store';
import { PostgresEventStore } from '../../../infrastructure/event-store/postgres-event-store';
import { summarisePlan } from '../plan';
import type { Task, TaskResult } from '../tasks';
import { timed } from '../writers';

/** Reads the whole log from START with `readAll`, one batch after the other, as a catching-up reader does. */
export async function readAll(task: Extract<Task, { kind: 'read-all' }>): Promise<TaskResult> {
  const handle = await openDatabase({ url: task.url, maxConnections: 2 });
  try {
    const store = new PostgresEventStore(handle.db);
    let events = 0;
    let reads = 0;
    const seconds = await timed(async () => {
      let from = START;
      for (;;) {
        const batch = await store.readAll(from, task.batch);
        reads++;
        if (batch.events.length === 0) break;
        events += batch.events.length;
        from = batch.next;
      }
    });
    if (events !== task.expectedEvents) throw new Error(`readAll saw ${events} events, expected ${task.expectedEvents}`);
    return { operations: reads, events, seconds, notes: [await planOfFirstBatch(handle.db, task.batch)] };
  } finally {
    await handle.close();
  }
}

/** How PostgreSQL runs one batch of readAll (the adapter's query, from START). */
async function planOfFirstBatch(db: Database, batch: number): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`
    explain (analyze, buffers off, costs off)
    select position::text, transaction_id::text, stream_id, revision, event_id::text, type, data, metadata
    from events
    where (transaction_id, position) > ('0'::xid8, 0::bigint)
      and transaction_id < (select events_horizon())
    order by events.transaction_id, events.position
    limit ${batch}`.execute(db);
  return `readAll plan (batch ${batch}): ${summarisePlan(rows.map((r) => r['QUERY PLAN']))}`;
}
