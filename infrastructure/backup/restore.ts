import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { comparePositions, type EventMetadata, type EventStore, START } from '../event-store/event-store';
import {
  BACKED_UP_TABLES,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupLine,
  type EventLine,
  InvalidBackupError,
  LineDigest,
  type RowLine,
} from './backup-format';

/** A restore asked to go into a store that holds events: it never merges two histories. */
export class StoreNotEmptyError extends Error {
  constructor(detail: string) {
    super(`The event store is not empty (${detail}). A backup is restored into an empty store only: create a new database (or DATA_DIR) and restore there.`);
    this.name = 'StoreNotEmptyError';
  }
}

export type RestoreTarget = {
  db: Database;
  /** EventStoreDB (EVENTSTORE_URL), the adapter itself: events are appended as stored (already encrypted). */
  eventStoreDb?: EventStore;
};

export type RestoreSummary = { events: number; rows: Record<string, number> };

const EVENT_BATCH = 1000;
const ROW_BATCH = 200;
/** No line of a backup comes near this (an event or a 10 MB file row); anything longer is not one of ours. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tables = new Map<string, (typeof BACKED_UP_TABLES)[number]>(BACKED_UP_TABLES.map((t) => [t.table, t]));

/**
 * Restores `file` into the empty store of `target`. The whole file is checked first (gzip, every line, the end
 * line's counts and SHA-256), so a truncated or altered backup is refused before anything is written. On
 * PostgreSQL everything is then written in one transaction; events keep their stream, revision, id and global order.
 * Read models are not in the backup: the caller rebuilds them (scripts/restore.ts runs the projection runner).
 */
export async function restoreBackup(target: RestoreTarget, file: string): Promise<RestoreSummary> {
  const summary = await readBackup(file, async () => {});
  if (target.eventStoreDb) {
    const head = await target.eventStoreDb.headPosition();
    if (comparePositions(head, START) !== 0) throw new StoreNotEmptyError('EventStoreDB holds events');
    await target.db.transaction().execute(async (trx) => {
      await refuseIfEvents(trx);
      await readBackup(file, rowWriter(trx, { events: false }));
    });
    // EventStoreDB has no transaction spanning streams; the file was checked in full above.
    await readBackup(file, eventStoreDbWriter(target.eventStoreDb));
  } else {
    await target.db.transaction().execute(async (trx) => {
      await refuseIfEvents(trx);
      await readBackup(file, rowWriter(trx, { events: true }));
      await resetIdentities(trx);
    });
  }
  return summary;
}

async function refuseIfEvents(trx: Database): Promise<void> {
  // Exclusive: no append can slip in between this check and the restore's commit.
  await sql`lock table events in exclusive mode`.execute(trx);
  const { rows } = await sql<{ n: string }>`select count(*)::text as n from events`.execute(trx);
  const n = Number(rows[0]!.n);
  if (n > 0) throw new StoreNotEmptyError(`${n.toLocaleString('en-AU')} event${n === 1 ? '' : 's'}`);
}

type Consumer = (line: EventLine | RowLine | null) => Promise<void>;

/** Writes through `trx`: events (when asked) and rows in batches; `null` flushes what is left. */
function rowWriter(trx: Database, options: { events: boolean }): Consumer {
  let events: EventLine[] = [];
  let rows: RowLine[] = [];
  const flushEvents = async () => {
    if (events.length === 0) return;
    await sql`
      insert into events (stream_id, revision, event_id, type, data, metadata)
      select x.value->>'stream', (x.value->>'revision')::int, (x.value->>'id')::uuid, x.value->>'type', x.value->'data', x.value->'metadata'
      from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as x(value, ord)
      order by x.ord`.execute(trx);
    events = [];
  };
  const flushRows = async () => {
    if (rows.length === 0) return;
    const spec = tables.get(rows[0]!.table)!;
    const json = JSON.stringify(rows.map((r) => r.row));
    const t = sql.table(spec.table);
    if (spec.onConflict === 'replace') {
      const keys = sql.join(spec.key.map((k) => sql.ref(k)));
      await sql`delete from ${t} where (${keys}) in (select ${keys} from json_populate_recordset(null::${t}, ${json}::json))`.execute(trx);
    }
    await sql`insert into ${t} overriding system value select * from json_populate_recordset(null::${t}, ${json}::json) on conflict do nothing`.execute(trx);
    rows = [];
  };
  return async (line) => {
    if (line === null) {
      await flushEvents();
      await flushRows();
    } else if (line.kind === 'event') {
      if (!options.events) return;
      events.push(line);
      if (events.length >= EVENT_BATCH) await flushEvents();
    } else {
      await flushEvents();
      if (rows.length > 0 && rows[0]!.table !== line.table) await flushRows();
      rows.push(line);
      if (rows.length >= ROW_BATCH) await flushRows();
    }
  };
}

/** Appends each run of one stream's events with the exact expected revision, so revisions come out as stored. */
function eventStoreDbWriter(store: EventStore): Consumer {
  let run: EventLine[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    const first = run[0]!;
    const events = run.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata as EventMetadata }));
    await store.append(first.stream, events, first.revision === 0 ? 'no_stream' : first.revision - 1);
    run = [];
  };
  return async (line) => {
    if (line === null || line.kind !== 'event') return flush();
    if (run.length > 0 && (run[0]!.stream !== line.stream || run.length >= EVENT_BATCH)) await flush();
    run.push(line);
  };
}

/** Identity columns restored with their values (the outbox's order) continue after the highest one. */
async function resetIdentities(trx: Database): Promise<void> {
  const names = BACKED_UP_TABLES.map((t) => t.table);
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and is_identity = 'YES' and table_name in (${sql.join(names)})`.execute(trx);
  for (const { table_name, column_name } of rows) {
    await sql`
      select setval(pg_get_serial_sequence(${table_name}, ${column_name}), greatest(1, (select max(${sql.ref(column_name)}) from ${sql.table(table_name)})))
    `.execute(trx);
  }
}

/**
 * Reads and checks the whole file, handing each event and row to `consume` in order (then `null` at the end), and
 * answers the counts. Throws InvalidBackupError for anything but a complete, unaltered backup of this format.
 */
export async function readBackup(file: string, consume: Consumer): Promise<RestoreSummary> {
  const digest = new LineDigest();
  const counts: RestoreSummary = { events: 0, rows: {} };
  let lineNumber = 0;
  let stage = 'header' as 'header' | 'events' | 'rows' | 'ended';

  const handle = async (text: string) => {
    lineNumber++;
    if (stage === 'ended') throw new InvalidBackupError(`line ${lineNumber}: data after the end line`);
    let line: BackupLine;
    try {
      line = JSON.parse(text) as BackupLine;
    } catch {
      throw new InvalidBackupError(`line ${lineNumber} is not JSON`);
    }
    if (line?.kind !== 'end') digest.add(text);
    if (stage === 'header') {
      if (line?.kind !== 'header' || line.format !== BACKUP_FORMAT) throw new InvalidBackupError(`not a ${BACKUP_FORMAT} file`);
      if (line.version !== BACKUP_VERSION) throw new InvalidBackupError(`backup format version ${String(line.version)} is not supported (this version reads ${BACKUP_VERSION})`);
      stage = 'events';
      return;
    }
    switch (line?.kind) {
      case 'event':
        if (stage !== 'events') throw new InvalidBackupError(`line ${lineNumber}: an event after the table rows`);
        checkEvent(line, lineNumber);
        counts.events++;
        return consume(line);
      case 'row':
        if (!tables.has(line.table) || typeof line.row !== 'object' || line.row === null) throw new InvalidBackupError(`line ${lineNumber}: a row of an unknown table`);
        stage = 'rows';
        counts.rows[line.table] = (counts.rows[line.table] ?? 0) + 1;
        return consume(line);
      case 'end': {
        const sealed = digest.hex();
        if (line.sha256 !== sealed) throw new InvalidBackupError('the content does not match its checksum (altered or corrupt)');
        if (line.events !== counts.events || !sameCounts(line.rows, counts.rows)) throw new InvalidBackupError('the content does not match the counts of its end line');
        stage = 'ended';
        return;
      }
      default:
        throw new InvalidBackupError(`line ${lineNumber}: unknown record`);
    }
  };

  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip) {
      pending += decoder.write(chunk as Buffer);
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        await handle(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      if (pending.length > MAX_LINE_CHARS) throw new InvalidBackupError(`line ${lineNumber + 1} is longer than any backup line`);
    }
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new InvalidBackupError(`no file ${file}`);
    if (code?.startsWith('Z_')) throw new InvalidBackupError(`not a complete gzip file (${(error as Error).message})`);
    throw error;
  } finally {
    input.destroy();
  }
  pending += decoder.end();
  if (pending.length > 0) throw new InvalidBackupError(`line ${lineNumber + 1} is cut off`);
  if (stage !== 'ended') throw new InvalidBackupError('the file ends before its end line (truncated)');
  await consume(null);
  return counts;
}

function checkEvent(e: EventLine, lineNumber: number): void {
  const ok =
    typeof e.stream === 'string' && e.stream.length > 0 &&
    Number.isInteger(e.revision) && e.revision >= 0 &&
    typeof e.id === 'string' && UUID.test(e.id) &&
    typeof e.type === 'string' && e.type.length > 0 &&
    e.data !== undefined && typeof e.metadata === 'object' && e.metadata !== null;
  if (!ok) throw new InvalidBackupError(`line ${lineNumber}: not a valid event`);
}

function sameCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const names = new Set([...Object.keys(a ?? {}), ...Object.keys(b)]);
  return [...names].every((name) => (a?.[name] ?? 0) === (b[name] ?? 0));
}

