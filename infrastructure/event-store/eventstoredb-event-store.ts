import {
  BACKWARDS,
  END,
  type RecordedEvent as EsdbRecordedEvent,
  EventStoreDBClient,
  excludeSystemEvents,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type ReadPosition,
  type ReadStreamOptions as EsdbReadStreamOptions,
  START as LOG_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  type AppendResult,
  comparePositions,
  DuplicateEventIdError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllBatch,
  type ReadStreamOptions,
  type RecordedEvent,
  START,
  type Subscription,
  WrongExpectedRevisionError,
} from './event-store';

const ANY_REVISION_RETRIES = 10;
/** How many $all records `headPosition` reads backwards at a time while it skips system events. */
const HEAD_PAGE = 100;
/** What the server sends for a position it does not know (u64 max). */
const UNKNOWN_POSITION = 2n ** 64n - 1n;

/**
 * The event store on EventStoreDB (chosen when EVENTSTORE_URL is set). Positions are EventStoreDB's $all
 * commit/prepare positions; system events (stream or type starting with `$`) are never returned.
 *
 * Idempotency never relies on EventStoreDB's event-id de-duplication, which is best-effort: every append names
 * an exact expected revision ('any' reads the current one first), and a refused append is answered as done only
 * when the stream already holds its events, in order, one after the other. Event ids are not checked across
 * streams (no cheap way to): `DuplicateEventIdError` only reports ids stored elsewhere in the same stream.
 * Needs EventStoreDB 22.6 or later, which reports $all positions on stream reads.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly #client: EventStoreDBClient;

  constructor(client: EventStoreDBClient) {
    this.#client = client;
  }

  /** The client connects lazily: a wrong address shows on the first call. */
  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (expectedRevision !== 'any') {
      const appended = await this.#appendAt(streamId, events, expectedRevision);
      if (appended) return appended;
      // Refused: it may be a retry of an append that already happened.
      const stored = await this.readStream(streamId);
      const earlier = earlierAppend(stored, events);
      if (earlier) return earlier;
      throw new WrongExpectedRevisionError(streamId, expectedRevision, currentRevision(stored));
    }
    for (let attempt = 0; ; attempt++) {
      const stored = await this.readStream(streamId);
      const earlier = earlierAppend(stored, events);
      if (earlier) return earlier;
      const current = currentRevision(stored);
      if (attempt > ANY_REVISION_RETRIES) throw new WrongExpectedRevisionError(streamId, 'any', current);
      // Another writer may take the same revision first: read again and retry.
      const appended = await this.#appendAt(streamId, events, current);
      if (appended) return appended;
    }
  }

  /** The append at exactly `expected`, or null when the stream is not at that revision. */
  async #appendAt(streamId: string, events: NewEvent[], expected: 'no_stream' | number): Promise<AppendResult | null> {
    const result = await this.#client
      .appendToStream(streamId, events.map(toEventData), {
        expectedRevision: expected === 'no_stream' ? NO_STREAM : BigInt(expected),
      })
      .catch((error: unknown) => {
        if (error instanceof WrongExpectedVersionError) return null;
        throw error;
      });
    // A connection string with throwOnAppendFailure=false reports the refusal as a result instead of an error.
    if (!result?.success) return null;
    // Read the events back rather than trust the reply: its one log position need not be the last event's $all
    // position, and a retry the server recognised as already done is answered the same way.
    const last = Number(result.nextExpectedRevision);
    const written = await this.#read(streamId, {
      fromRevision: BigInt(Math.max(0, last - events.length + 1)),
      maxCount: events.length,
    });
    const appended = earlierAppend(written, events);
    if (!appended) throw new Error(`EventStoreDB reported an append to ${streamId} up to revision ${last} that it does not hold`);
    return appended;
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.#read(streamId, options.after === undefined ? {} : { fromRevision: BigInt(options.after + 1) });
  }

  async #read(streamId: string, options: EsdbReadStreamOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.#client.readStream(streamId, options)) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(from: Position, batch: number): Promise<ReadAllBatch> {
    const events: RecordedEvent[] = [];
    let cursor = from;
    // System events take room in a page without being returned: read pages until `batch` events or the end.
    while (events.length < batch) {
      const page = batch - events.length + 1; // +1: a read starts at (and includes) the cursor's own event
      let read = 0;
      for await (const resolved of this.#client.readAll({ fromPosition: toReadPosition(cursor), maxCount: page })) {
        read++;
        const raw = resolved.event;
        if (!raw || comparePositions(raw.position, cursor) <= 0) continue;
        cursor = raw.position;
        if (!isSystemEvent(raw) && events.length < batch) events.push(toRecordedEvent(raw));
      }
      if (read < page) break; // the end of the log
    }
    return { events, next: events.at(-1)?.position ?? from };
  }

  async headPosition(): Promise<Position> {
    let from: ReadPosition = END;
    for (;;) {
      let read = 0;
      let newest: Position | null = null;
      let oldest: Position | null = null;
      const page = this.#client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_PAGE });
      for await (const resolved of page) {
        read++;
        const raw = resolved.event;
        if (!raw) continue;
        if (!newest && !isSystemEvent(raw)) newest = positionOf(raw);
        oldest = raw.position;
      }
      if (newest) return newest;
      // Only system events so far; the page's oldest one may come again (it is skipped as a system event).
      if (read < HEAD_PAGE || !oldest) return START;
      from = oldest;
    }
  }

  subscribe(from: Position): Subscription {
    const live = this.#client.subscribeToAll({ fromPosition: toReadPosition(from), filter: excludeSystemEvents() });
    // The client emits errors without destroying the stream: destroying keeps the error for an iteration that
    // starts later, and an error before any iteration is never left unhandled.
    live.on('error', (error) => live.destroy(error));
    let closed = false;
    async function* events(): AsyncGenerator<RecordedEvent> {
      try {
        for await (const resolved of live) {
          const raw = resolved.event;
          // The server filters system event types; system streams and the event at `from` are skipped here.
          if (raw && !isSystemEvent(raw) && comparePositions(raw.position, from) > 0) yield toRecordedEvent(raw);
        }
      } catch (error) {
        if (!closed) throw error;
      } finally {
        await live.unsubscribe();
      }
    }
    const iterator = events();
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        closed = true;
        await live.unsubscribe();
        live.destroy(); // ends an iteration waiting for the next event, whatever the cancelled call does
        await iterator.return(undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.#client.dispose();
  }
}

export function isSystemEvent(event: Pick<EsdbRecordedEvent, 'streamId' | 'type'>): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

/** The $all position of a recorded event; an error when the server did not say (before 22.6 on stream reads). */
export function positionOf(event: Pick<EsdbRecordedEvent, 'id' | 'position'>): Position {
  const { position } = event;
  if (!position || position.commit === UNKNOWN_POSITION || position.prepare === UNKNOWN_POSITION) {
    throw new Error(`EventStoreDB did not report the $all position of event ${event.id} (it does from version 22.6)`);
  }
  return { commit: position.commit, prepare: position.prepare };
}

export function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    // This adapter writes EventMetadata as JSON; events other writers put in a shared $all are passed on as they are.
    metadata: event.metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOf(event),
  };
}

export function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // Any JSON value; the client's type names only objects, arrays and strings but writes with JSON.stringify.
    data: event.data as JSONType,
    metadata: event.metadata,
  });
}

/** The client's read position for a port position; START is the start of $all. */
export function toReadPosition(position: Position): ReadPosition {
  return comparePositions(position, START) === 0 ? LOG_START : { commit: position.commit, prepare: position.prepare };
}

/**
 * The result of an append whose events `stored` (a stream's events in revision order) already holds, all of them,
 * in order and one after the other; null when it holds none of them. Holding only some, or elsewhere in another
 * order, is a caller bug: `DuplicateEventIdError`.
 */
export function earlierAppend(stored: readonly RecordedEvent[], events: readonly NewEvent[]): AppendResult | null {
  const byId = new Map(stored.map((e) => [e.id, e]));
  const found = events.flatMap((e) => byId.get(e.id) ?? []);
  if (found.length === 0) return null;
  const inOrder =
    found.length === events.length && found.every((e, i) => e.revision === found[0]!.revision + i);
  if (!inOrder) throw new DuplicateEventIdError(found.map((e) => e.id));
  const last = found[found.length - 1]!;
  return { nextRevision: last.revision, position: last.position };
}

/** The last revision of a stream read in full, as the port names it. */
function currentRevision(stored: readonly RecordedEvent[]): number | 'no_stream' {
  return stored.at(-1)?.revision ?? 'no_stream';
}
