import type pg from 'pg';
import { BIDS_TABLE_SQL } from '../bids';
import { openPeerStore, peerBidsProjection } from '../peer';
import { summarisePlan } from '../plan';
import type { Task, TaskResult } from '../tasks';
import { timed } from '../writers';

/**
 * The peer's consumer from the beginning of its log until it has handled `task.events` events: emmett's own
 * consumer and projector, the same handler, `task.batch` events per pull, no pause between pulls (its default
 * pauses 50 ms after every batch), stopped by `stopAfter` after the last counted event.
 */
export async function peerConsumer(task: Extract<Task, { kind: 'peer-consumer' }>): Promise<TaskResult> {
  const peer = await openPeerStore(task.url, 4);
  try {
    await peer.pool.query('drop table if exists loan_request_bids');
    await peer.pool.query(BIDS_TABLE_SQL);
    const { rows: head } = await peer.pool.query<{ middle: string }>('select (max(global_position) / 2)::text as middle from emt_messages');
    const notes = [await planOfBatch(peer.pool, task.batch, 1), await planOfBatch(peer.pool, task.batch, Number(head[0]?.middle ?? 1))];
    let handled = 0;
    const consumer = peer.store.consumer({
      stopWhen: { noMessagesLeft: true },
      pulling: { batchSize: task.batch, pullingFrequencyInMs: 0 },
    });
    consumer.projector({ projection: peerBidsProjection, stopAfter: () => ++handled >= task.events });
    const seconds = await timed(() => consumer.start());
    await consumer.close();
    const { rows } = await peer.pool.query<{ events: string | null }>('select sum(events)::text as events from loan_request_bids');
    const counted = Number(rows[0]?.events ?? 0);
    if (counted !== task.events) throw new Error(`peer consumer counted ${counted} events, expected ${task.events}`);
    return { operations: Math.ceil(task.events / task.batch), events: task.events, seconds, notes };
  } finally {
    await peer.close();
  }
}

/** emmett's batch read (readMessagesBatch's query) from `from`: it has no index on its global order. */
async function planOfBatch(pool: pg.Pool, batch: number, from: number): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off)
     select stream_id, stream_position, global_position, message_data, message_metadata, message_schema_version, message_type, message_id
     from emt_messages
     where partition = 'emt:default' and is_archived = false and transaction_id < pg_snapshot_xmin(pg_current_snapshot()) and global_position >= ${from}
     order by transaction_id, global_position
     limit ${batch}`,
  );
  return `peer batch read from global position ${from} (batch ${batch}): ${summarisePlan(rows.map((r) => r['QUERY PLAN']))}`;
}
