// The peer, @event-driven-io/emmett-postgresql. Only peer workers import this file: emmett's driver (dumbo)
// installs process-wide `pg` type parsers (int8 as BigInt, its own JSON reviver) when it opens a pool, which
// would change what our adapter's reads cost if both ran in one process.
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore, type PostgresEventStore, postgreSQLProjection } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import type { EventMetadata } from '../../infrastructure/event-store/event-store';
import { BIDS_UPSERT_SQL, bidsUpsertParams } from './bids';
import { type BenchEvent, type BenchEventType, type BidData, benchEventTypes } from './events';

type PeerMetadata = EventMetadata & { messageId: string };
export type PeerEvent = { type: BenchEventType; data: BidData; metadata: PeerMetadata };

/** The same event for emmett: its message id comes from `metadata.messageId`, the rest is stored as metadata. */
export function toPeerEvent(e: BenchEvent): PeerEvent {
  return { type: e.type, data: e.data, metadata: { messageId: e.id, ...e.metadata } };
}

export type PeerStore = { store: PostgresEventStore; pool: pg.Pool; close(): Promise<void> };

/** emmett's store over our own pg pool (so its size is the same as ours), schema created as its docs say. */
export async function openPeerStore(url: string, maxConnections: number): Promise<PeerStore> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  pool.on('error', () => {});
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool }, schema: { autoMigration: 'None' } });
  await store.schema.migrate();
  return {
    store,
    pool,
    close: async () => {
      await store.close();
      await pool.end();
    },
  };
}

/** emmett's expected version: the number of events already in the stream (0 = does not exist). */
export function peerExpected(eventsBefore: number): bigint | typeof STREAM_DOES_NOT_EXIST {
  return eventsBefore === 0 ? STREAM_DOES_NOT_EXIST : BigInt(eventsBefore);
}

/**
 * The same handler (aggregate, one upsert through the batch transaction's client) as an emmett projection.
 * emmett 0.42's projector calls `handle` with one event at a time and stores its checkpoint after each event
 * (`eachBatch` is declared in its types but not implemented), so the upsert runs once per event.
 */
export const peerBidsProjection = postgreSQLProjection<PeerEvent>({
  name: 'bench_bids',
  canHandle: [...benchEventTypes],
  handle: async (events, context) => {
    const params = bidsUpsertParams(events);
    if (params) await context.connection.client.query(BIDS_UPSERT_SQL, params);
  },
});
