import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../../projections/projection';

// Set-based handlers (projections/batch-rows.ts) must give the rows the live path gives: the same events applied one
// at a time (a running product) and in a few large batches (a rebuild) leave equal tables.

export type BatchOptions = {
  /**
   * The read models `projection` reads (its `readsFrom`), made in the same schema: each batch is applied to them
   * first, as the runner lets no reader apply an event before them. Their tables are returned too.
   */
  readsFrom?: readonly Projection[];
  /** They apply every batch before the reader's first, as a rebuild reads the live read models at the log's head. */
  readAhead?: boolean;
};

/**
 * Every table of `projection` and of the read models it reads (rows as JSON text, sorted) after `batches`, each
 * handled in a transaction of its own.
 */
export async function rowsAfterBatches(db: Database, projection: Projection, batches: readonly RecordedEvent[][], options: BatchOptions = {}): Promise<Record<string, string[]>> {
  const schema = `batches_${randomBytes(4).toString('hex')}`;
  const inSchema = (trx: Database) => sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
  const sources = options.readsFrom ?? [];
  const apply = (projections: readonly Projection[], batch: RecordedEvent[]) =>
    db.transaction().execute(async (trx) => {
      await inSchema(trx);
      for (const each of projections) await each.handle(batch, trx);
    });
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create schema ${sql.id(schema)}`.execute(trx);
      await inSchema(trx);
      for (const each of [...sources, projection]) await each.createTables(trx);
    });
    if (options.readAhead) for (const batch of batches) await apply(sources, batch);
    for (const batch of batches) await apply(options.readAhead ? [projection] : [...sources, projection], batch);
    const tables: Record<string, string[]> = {};
    for (const table of [...sources, projection].flatMap((each) => each.tables)) {
      const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.id(schema, table)} t`.execute(db);
      tables[table] = rows.map((r) => r.row).sort();
    }
    return tables;
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  }
}

/** `events` cut before the given indexes (the cuts a rebuild's batch size or a live runner's timing would make). */
export function cutAt(events: readonly RecordedEvent[], cuts: readonly number[]): RecordedEvent[][] {
  const batches: RecordedEvent[][] = [];
  let start = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < events.length).sort((a, b) => a - b)) {
    batches.push(events.slice(start, cut));
    start = cut;
  }
  if (start < events.length) batches.push(events.slice(start));
  return batches;
}

let position = 0n;

/**
 * A recorded event as the store would hand it to a projection (positions increase across calls). `causationId`: the
 * event that caused it (a reactor's command), null for a person's.
 */
export function recorded(
  streamId: string,
  revision: number,
  event: { type: string; data: unknown },
  occurredAt: string,
  { personalSubjects, causationId = null }: { personalSubjects?: Record<string, string>; causationId?: string | null } = {},
): RecordedEvent {
  position += 1n;
  return {
    id: crypto.randomUUID(),
    ...event,
    metadata: { user_id: null, correlation_id: 'test', causation_id: causationId, occurred_at: occurredAt },
    streamId,
    revision,
    position: { commit: position, prepare: position },
    ...(personalSubjects ? { personalSubjects } : {}),
  };
}
