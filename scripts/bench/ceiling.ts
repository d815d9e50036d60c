import type pg from 'pg';
import type { BenchEvent } from './events';

// The ceiling: a plain parameterised INSERT (autocommit, one round trip) into a table shaped like `events`.
// `like events including all` copies its columns, defaults (identity, pg_current_xact_id()), primary key, unique
// constraints and the global-order index from the migrated table, so the two cannot drift apart; triggers are not
// copied. No revision check, no duplicate handling, nothing returned: what PostgreSQL itself costs for these rows.

/** Run after the migrations, in the same database. */
export const CEILING_TABLE_SQL = 'create table ceiling_events (like events including all)';

const COLUMNS = 6;
const statements = new Map<number, string>();

/** `insert … values ($1…$6), ($7…$12), …` for `rows` rows, built once per size. */
function insertStatement(rows: number): string {
  let text = statements.get(rows);
  if (!text) {
    const tuples = Array.from({ length: rows }, (_, r) => `(${Array.from({ length: COLUMNS }, (_, c) => `$${r * COLUMNS + c + 1}`).join(', ')})`);
    text = `insert into ceiling_events (stream_id, revision, event_id, type, data, metadata) values ${tuples.join(', ')}`;
    statements.set(rows, text);
  }
  return text;
}

/** Inserts `events` as revisions `firstRevision`… of `streamId` in one statement. */
export async function ceilingInsert(pool: pg.Pool, streamId: string, firstRevision: number, events: BenchEvent[]): Promise<void> {
  const params: unknown[] = [];
  events.forEach((e, i) => {
    params.push(streamId, firstRevision + i, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
  });
  await pool.query(insertStatement(events.length), params);
}
