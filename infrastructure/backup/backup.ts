import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { type EventStore, START } from '../event-store/event-store';
import { BACKED_UP_TABLES, BACKUP_FORMAT, BACKUP_VERSION, type EndLine, type EventLine, type HeaderLine, LineDigest } from './backup-format';

/** Rows fetched from a cursor at a time: memory stays flat whatever the size of the store. */
const FETCH = 1000;

export type BackupSource = {
  db: Database;
  /**
   * EventStoreDB (EVENTSTORE_URL), the adapter itself (not the personal-data wrapper: events are backed up as stored,
   * encrypted). Absent: the events are in the `events` table of `db`.
   */
  eventStoreDb?: EventStore;
};

export type BackupSummary = { file: string; events: number; rows: Record<string, number> };

/**
 * Writes a backup to `file` (written beside it as `.partial`, renamed when complete, readable by its owner only:
 * it holds the keys to everyone's personal data). On PostgreSQL the events and the tables come from one
 * repeatable-read snapshot, a consistent cut. With EventStoreDB the events are read first and the keys after them,
 * so every event read finds its key (a key is made before the first event that uses it).
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  const counts = { events: 0, rows: {} as Record<string, number> };
  try {
    await source.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await pipeline(Readable.from(lines(source, trx, counts)), createGzip(), createWriteStream(partial, { mode: 0o600 }));
      });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file, ...counts };
}

async function* lines(source: BackupSource, trx: Database, counts: { events: number; rows: Record<string, number> }): AsyncGenerator<string> {
  const digest = new LineDigest();
  const emit = (line: string) => {
    digest.add(line);
    return `${line}\n`;
  };
  const header: HeaderLine = {
    kind: 'header',
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    event_store: source.eventStoreDb ? 'eventstoredb' : 'postgresql',
  };
  yield emit(JSON.stringify(header));

  if (source.eventStoreDb) {
    for (let from = START; ; ) {
      const { events, next } = await source.eventStoreDb.readAll(from, FETCH);
      if (events.length === 0) break;
      for (const e of events) {
        const line: EventLine = { kind: 'event', stream: e.streamId, revision: e.revision, id: e.id, type: e.type, data: e.data, metadata: e.metadata };
        counts.events++;
        yield emit(JSON.stringify(line));
      }
      from = next;
    }
  } else {
    // Every event the snapshot sees, in the log's global order (the order the runner reads it in).
    for await (const line of cursor(trx, 'backup_events', sql`
      select json_build_object('kind', 'event', 'stream', stream_id, 'revision', revision, 'id', event_id, 'type', type,
        'data', data, 'metadata', metadata)::text as line
      from events order by transaction_id, position`)) {
      counts.events++;
      yield emit(line);
    }
  }

  for (const { table, key } of BACKED_UP_TABLES) {
    counts.rows[table] = 0;
    for await (const line of cursor(trx, `backup_${table}`, sql`
      select json_build_object('kind', 'row', 'table', ${table}::text, 'row', row_to_json(t))::text as line
      from ${sql.table(table)} t order by ${sql.join(key.map((k) => sql.ref(`t.${k}`)))}`)) {
      counts.rows[table]++;
      yield emit(line);
    }
  }

  const end: EndLine = { kind: 'end', events: counts.events, rows: counts.rows, sha256: digest.hex() };
  yield `${JSON.stringify(end)}\n`;
}

/** The query's `line` column through a cursor of the snapshot's transaction, FETCH rows at a time. */
async function* cursor(trx: Database, name: string, query: ReturnType<typeof sql>): AsyncGenerator<string> {
  await sql`declare ${sql.id(name)} no scroll cursor for ${query}`.execute(trx);
  for (;;) {
    const { rows } = await sql<{ line: string }>`fetch forward ${sql.raw(String(FETCH))} from ${sql.id(name)}`.execute(trx);
    for (const row of rows) yield row.line;
    if (rows.length < FETCH) break;
  }
  await sql`close ${sql.id(name)}`.execute(trx);
}
