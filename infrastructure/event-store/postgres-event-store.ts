import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Database } from '../database/database';
import { Batcher } from '../batcher';
import {
  type AppendResult,
  DuplicateEventIdError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllBatch,
  type ReadStreamOptions,
  type RecordedEvent,
  START,
  type StreamAppend,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store';

type EventRow = {
  position: string;
  transaction_id: string;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
};

const UNIQUE_VIOLATION = '23505';
/** The SQLSTATE append_events_batch raises when a stream moved while its group was written (nothing is written). */
const REVISION_MISMATCH = 'HLA01';
/** How often a subscriber that has caught up looks for events appended by other processes. */
const POLL_INTERVAL_MS = 50;
const SUBSCRIPTION_BATCH = 1000;
const ANY_REVISION_RETRIES = 10;
/**
 * Appends written at once (statements in flight) and the most callers in one statement. One statement for several
 * callers' appends costs PostgreSQL about half the CPU of one each (docs/performance-history.md "Appends in batches"); a
 * caller arriving while nothing is in flight goes at once.
 */
const APPEND_BATCHES = { concurrency: 2, maxItems: 64 };
/** A batch's answer to a caller that must try on its own: the statement failed, maybe for another caller's part. */
const ALONE = Symbol('alone');
type GroupOutcome = AppendResult[] | null | typeof ALONE;

/**
 * The event store on PostgreSQL (server or embedded PGlite), in the `events` table.
 *
 * The global order is (transaction_id, position) and readers only look below the oldest transaction still
 * running in this database (`events_horizon()` of the migrations): a transaction that took a sequence number early
 * but commits late is then never skipped.
 * An append is one statement (the `append_events` function of the migrations), so it is atomic on its own; built
 * on a transaction (`inTransaction`) it commits or rolls back with the caller's other writes.
 */
export class PostgresEventStore implements EventStore {
  readonly #db: Database;
  readonly #appended: EventEmitter;
  /** Appends that arrive while others are written go together; none in a caller's transaction (`inTransaction`). */
  readonly #batches: Batcher<readonly StreamAppend[], GroupOutcome> | null;

  constructor(db: Database, appended: EventEmitter = new EventEmitter(), { batches = true }: { batches?: boolean } = {}) {
    this.#db = db;
    this.#appended = appended;
    this.#appended.setMaxListeners(0);
    this.#batches = batches ? new Batcher((groups) => this.#writeBatch(groups), APPEND_BATCHES) : null;
  }

  /** The same store writing through `trx` (its appends commit with the transaction). */
  inTransaction(trx: Database): PostgresEventStore {
    return new PostgresEventStore(trx, this.#appended, { batches: false });
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (this.#batches) {
      const written = await this.#appendInOneStatement([{ streamId, events, expectedRevision }]);
      if (written) {
        this.#appended.emit('appended');
        return written[0]!;
      }
    }
    // Refused in the batch, or in a transaction: this way tells a repeated append from a conflict, and retries 'any'.
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.#insert(streamId, events, expectedRevision);
        this.#appended.emit('appended');
        return result;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (error.constraint === 'events_event_id') return this.#alreadyAppended(streamId, events, expectedRevision);
        // Another writer took the same revision between our read and our insert.
        if (expectedRevision === 'any' && attempt < ANY_REVISION_RETRIES) continue;
        throw new WrongExpectedRevisionError(streamId, expectedRevision, await this.#currentRevision(streamId));
      }
    }
  }

  /** The appends in one transaction: a command whose events go to two streams (a bid and its post) commits whole. */
  async appendTogether(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    // Usually one statement; a revision that does not match, or events stored already, undo it and go the long way,
    // which tells a conflict from a repeated append.
    const together = await this.#appendInOneStatement(appends);
    if (together) {
      this.#appended.emit('appended');
      return together;
    }
    let results: AppendResult[];
    try {
      results = await this.#db.transaction().execute(async (trx) => {
        const inTransaction = new PostgresEventStore(trx, new EventEmitter(), { batches: false });
        const done: AppendResult[] = [];
        for (const part of appends) done.push(await inTransaction.#insert(part.streamId, part.events, part.expectedRevision));
        return done;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent writer committed a revision first; the transaction is rolled back, so nothing was written.
      for (const part of appends) {
        const current = await this.#currentRevision(part.streamId);
        if (current !== (part.expectedRevision === 'no_stream' ? 'no_stream' : part.expectedRevision)) throw new WrongExpectedRevisionError(part.streamId, part.expectedRevision, current);
      }
      throw error;
    }
    this.#appended.emit('appended');
    return results;
  }

  /** Every part in one statement, batched with other callers' appends; null when a part's revision did not match. */
  async #appendInOneStatement(appends: readonly StreamAppend[]): Promise<AppendResult[] | null> {
    const outcome = this.#batches ? await this.#batches.submit(appends) : ALONE;
    return outcome === ALONE ? this.#insertGroup(appends) : outcome;
  }

  /** One caller's append on its own statement: null when refused (revision, or events stored already). */
  async #insertGroup(appends: readonly StreamAppend[]): Promise<AppendResult[] | null> {
    try {
      return (await this.#insertGroups([appends]))[0]!;
    } catch (error) {
      if (isUniqueViolation(error) || (error as { code?: string }).code === REVISION_MISMATCH) return null;
      throw error;
    }
  }

  /** A batch: when its statement fails, every caller tries again on its own, so only the one at fault sees the error. */
  async #writeBatch(groups: readonly (readonly StreamAppend[])[]): Promise<GroupOutcome[]> {
    if (groups.length === 1) return [await this.#insertGroup(groups[0]!)];
    try {
      return await this.#insertGroups(groups);
    } catch {
      return groups.map(() => ALONE);
    }
  }

  /** The groups in one statement (append_events_batch of the migrations): each written whole, or null. */
  async #insertGroups(groups: readonly (readonly StreamAppend[])[]): Promise<(AppendResult[] | null)[]> {
    const groupOf: number[] = [];
    const streamIds: string[] = [];
    const expected: (number | null)[] = [];
    const payloads: (readonly EventPayload[])[] = [];
    groups.forEach((appends, group) => {
      for (const part of appends) {
        groupOf.push(group);
        streamIds.push(part.streamId);
        expected.push(expectedAsSql(part.expectedRevision));
        payloads.push(part.events.map(payloadOfEvent));
      }
    });
    // The parts' events go as one JSON text, split into the function's jsonb[] by PostgreSQL: as a jsonb[] parameter
    // each part's JSON was escaped again into an array literal (a bid's events are about 2 KB).
    const { rows } = await sql<{ grp: number; last_revision: number | null; last_position: string | null; last_transaction: string | null }>`
      select grp, last_revision, last_position, last_transaction
      from append_events_batch(${groupOf}::int[], ${streamIds}::text[], ${expected}::int[],
        array(select part from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) with ordinality as p(part, i) order by i)) with ordinality
      order by ordinality`.execute(this.#db);
    const results: (AppendResult[] | null)[] = groups.map(() => []);
    for (const row of rows) {
      if (row.last_revision === null || row.last_position === null || row.last_transaction === null) results[row.grp] = null;
      else results[row.grp]?.push({ nextRevision: row.last_revision, position: { commit: BigInt(row.last_transaction), prepare: BigInt(row.last_position) } });
    }
    return results;
  }

  async #insert(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const expected = expectedAsSql(expectedRevision);
    const payload = payloadOf(events);
    // One statement (the append_events function: read the stream's revision, check it, insert every event after it).
    const { rows } = await sql<{ current: number; last_revision: number | null; last_position: string | null; last_transaction: string | null }>`
      select current_revision as current, last_revision, last_position, last_transaction
      from append_events(${streamId}, ${expected}::int, ${payload}::jsonb)`.execute(this.#db);
    const row = rows[0]!;
    if (row.last_revision === null || row.last_position === null || row.last_transaction === null) {
      // Nothing inserted: either this exact append already happened, or the revision did not match.
      const earlier = await this.#findStored(events);
      if (earlier.length > 0) return this.#alreadyAppended(streamId, events, expectedRevision);
      throw new WrongExpectedRevisionError(streamId, expectedRevision, row.current < 0 ? 'no_stream' : row.current);
    }
    return {
      nextRevision: row.last_revision,
      position: { commit: BigInt(row.last_transaction), prepare: BigInt(row.last_position) },
    };
  }

  /** An append whose event ids are all stored, in this stream and in this order, is answered as done. */
  async #alreadyAppended(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const stored = await this.#findStored(events);
    const inOrder =
      stored.length === events.length &&
      stored.every((row, i) => row.stream_id === streamId && row.event_id === events[i]!.id && (i === 0 || row.revision === stored[i - 1]!.revision + 1));
    if (!inOrder) {
      if (stored.length === 0) throw new WrongExpectedRevisionError(streamId, expected, await this.#currentRevision(streamId));
      throw new DuplicateEventIdError(stored.map((r) => r.event_id));
    }
    const last = stored[stored.length - 1]!;
    return { nextRevision: last.revision, position: positionOf(last) };
  }

  async #findStored(events: NewEvent[]): Promise<EventRow[]> {
    const ids = events.map((e) => e.id);
    const { rows } = await sql<EventRow>`
      select position::text, transaction_id::text, stream_id, revision, event_id::text, type, data, metadata
      from events where event_id = any(${ids}::uuid[]) order by events.transaction_id, events.position`.execute(this.#db);
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async #currentRevision(streamId: string): Promise<number | 'no_stream'> {
    const { rows } = await sql<{ revision: number | null }>`
      select max(revision) as revision from events where stream_id = ${streamId}`.execute(this.#db);
    return rows[0]?.revision ?? 'no_stream';
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await sql<EventRow>`
      select position::text, transaction_id::text, stream_id, revision, event_id::text, type, data, metadata
      from events where stream_id = ${streamId} and revision > ${options.after ?? -1} order by revision`.execute(this.#db);
    return rows.map(toRecordedEvent);
  }

  async readAll(from: Position, batch: number): Promise<ReadAllBatch> {
    const { rows } = await sql<EventRow>`
      select position::text, transaction_id::text, stream_id, revision, event_id::text, type, data, metadata
      from events
      where (transaction_id, position) > (${from.commit.toString()}::xid8, ${from.prepare.toString()}::bigint)
        and transaction_id < (select events_horizon())
      order by events.transaction_id, events.position
      limit ${batch}`.execute(this.#db);
    const events = rows.map(toRecordedEvent);
    return { events, next: events.length > 0 ? events[events.length - 1]!.position : from };
  }

  onAppended(listener: () => void): () => void {
    this.#appended.on('appended', listener);
    return () => this.#appended.off('appended', listener);
  }

  async headPosition(): Promise<Position> {
    const { rows } = await sql<EventRow>`
      select position::text, transaction_id::text from events
      where transaction_id < (select events_horizon())
      order by events.transaction_id desc, events.position desc limit 1`.execute(this.#db);
    return rows[0] ? positionOf(rows[0]) : START;
  }

  subscribe(from: Position): Subscription {
    let closed = false;
    let wake: (() => void) | null = null;
    const onAppended = () => wake?.();
    this.#appended.on('appended', onAppended);
    const store = this;
    async function* events(): AsyncGenerator<RecordedEvent> {
      let position = from;
      try {
        while (!closed) {
          const { events: batch, next } = await store.readAll(position, SUBSCRIPTION_BATCH);
          for (const event of batch) {
            if (closed) return;
            yield event;
          }
          position = next;
          if (batch.length < SUBSCRIPTION_BATCH && !closed) {
            // Caught up: wait for a local append or the next poll (other processes, late commits).
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, POLL_INTERVAL_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        }
      } finally {
        store.#appended.off('appended', onAppended);
      }
    }
    const iterator = events();
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        closed = true;
        wake?.();
        await iterator.return(undefined);
      },
    };
  }

  async close(): Promise<void> {
    this.#appended.removeAllListeners();
  }
}

/** The expected revision as the append functions take it: null for any, -1 for no stream yet. */
function expectedAsSql(expected: ExpectedRevision): number | null {
  return expected === 'any' ? null : expected === 'no_stream' ? -1 : expected;
}

type EventPayload = Pick<NewEvent, 'id' | 'type' | 'data' | 'metadata'>;
const payloadOfEvent = (e: NewEvent): EventPayload => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata });

/** A part's events as the append functions' jsonb array. */
function payloadOf(events: readonly NewEvent[]): string {
  return JSON.stringify(events.map(payloadOfEvent));
}

function positionOf(row: Pick<EventRow, 'position' | 'transaction_id'>): Position {
  return { commit: BigInt(row.transaction_id), prepare: BigInt(row.position) };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.revision,
    position: positionOf(row),
  };
}

function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}
