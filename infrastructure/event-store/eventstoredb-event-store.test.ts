import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  type EventData,
  type EventStoreDBClient,
  type Filter,
  type JSONRecordedEvent,
  NO_STREAM,
  type ReadPosition,
  type ReadRevision,
  START as LOG_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { event, eventStoreContract, streamName } from '../../tests/event-store/event-store-contract';
import { comparePositions, DuplicateEventIdError, type Position, type RecordedEvent, START } from './event-store';
import {
  earlierAppend,
  EventStoreDbEventStore,
  isSystemEvent,
  positionOf,
  toEventData,
  toReadPosition,
  toRecordedEvent,
} from './eventstoredb-event-store';

type LogEvent = JSONRecordedEvent & { position: Position };

/**
 * The client calls the adapter makes, in memory, as the client and server behave: reads from a position include
 * the event at it, a refused append throws `WrongExpectedVersionError`, a missing stream reads as
 * `StreamNotFoundError`. Deliberately without EventStoreDB's event-id de-duplication, with a system event after
 * every append, and answering appends with a position that is not the last event's.
 */
class FakeClient {
  readonly #log: LogEvent[] = [];
  readonly #appended = new EventEmitter();
  #nextPosition = 1_000n;

  async appendToStream(streamName: string, events: EventData[], options: { expectedRevision: AppendExpectedRevision }) {
    await new Promise((resolve) => setImmediate(resolve)); // concurrent appends interleave as over a network
    const stream = this.#log.filter((e) => e.streamId === streamName);
    const current = stream.at(-1)?.revision ?? NO_STREAM;
    if (options.expectedRevision !== ANY && options.expectedRevision !== current) {
      throw new WrongExpectedVersionError(undefined, { streamName, expected: options.expectedRevision, current });
    }
    let revision = stream.length;
    for (const e of events) this.#record(streamName, revision++, e.id, e.type, e.data, e.metadata);
    const stats = this.#record('$stats-127.0.0.1:2113', 0, randomUUID(), '$statsCollected', {}, {});
    return { success: true, nextExpectedRevision: BigInt(revision - 1), position: stats.position };
  }

  readStream(streamName: string, options: { fromRevision?: ReadRevision; maxCount?: number } = {}) {
    const stream = this.#log.filter((e) => e.streamId === streamName);
    const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
    const events = stream.filter((e) => e.revision >= from).slice(0, options.maxCount);
    return Readable.from(
      (async function* () {
        if (stream.length === 0) throw new StreamNotFoundError(undefined, streamName);
        for (const e of events) yield { event: e };
      })(),
    );
  }

  readAll(options: { fromPosition?: ReadPosition; maxCount?: number; direction?: string }) {
    const from = options.fromPosition ?? LOG_START;
    const backwards = options.direction === BACKWARDS;
    const log = backwards ? [...this.#log].reverse() : this.#log;
    const included = (e: LogEvent) =>
      from === LOG_START || from === END || (backwards ? comparePositions(e.position, from) <= 0 : comparePositions(e.position, from) >= 0);
    return Readable.from(log.filter(included).slice(0, options.maxCount).map((e) => ({ event: e })));
  }

  subscribeToAll(options: { fromPosition: ReadPosition; filter: Filter }) {
    const { fromPosition, filter } = options;
    const passes = (e: LogEvent) =>
      (fromPosition === LOG_START || (fromPosition !== END && comparePositions(e.position, fromPosition) >= 0)) &&
      ('regex' in filter ? new RegExp(filter.regex).test(e.type) : true);
    const live = Object.assign(new PassThrough({ objectMode: true }), {
      unsubscribe: async () => {
        this.#appended.off('appended', onAppended);
        live.end();
      },
    });
    const onAppended = (e: LogEvent) => live.write({ event: e });
    for (const e of this.#log) if (passes(e)) live.write({ event: e });
    this.#appended.on('appended', onAppended);
    return live;
  }

  async dispose(): Promise<void> {}

  #record(streamId: string, revision: number, id: string, type: string, data: unknown, metadata: unknown): LogEvent {
    const position = { commit: this.#nextPosition, prepare: this.#nextPosition };
    this.#nextPosition += 137n;
    const recorded: LogEvent = {
      streamId,
      id,
      revision: BigInt(revision),
      type,
      // A round trip through JSON, as over the wire.
      data: JSON.parse(JSON.stringify(data)),
      metadata: JSON.parse(JSON.stringify(metadata)),
      isJson: true,
      created: new Date(),
      position,
    };
    this.#log.push(recorded);
    this.#appended.emit('appended', recorded);
    return recorded;
  }
}

function fakeStore(): EventStoreDbEventStore {
  // The fake has only the calls the adapter makes.
  return new EventStoreDbEventStore(new FakeClient() as unknown as EventStoreDBClient);
}

eventStoreContract('EventStoreDB adapter on an in-memory fake of the client', async () => {
  const store = fakeStore();
  return { store, close: () => store.close() };
});

describe('EventStoreDB adapter (fake client)', () => {
  it("concurrent 'any' appends all land, each exactly once", async () => {
    const store = fakeStore();
    const stream = streamName();
    const batches = Array.from({ length: 8 }, (_, i) => [event('N', { i })]);
    await Promise.all(batches.map((events) => store.append(stream, events, 'any')));
    const stored = await store.readStream(stream);
    expect(stored.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(stored.map((e) => e.id))).toEqual(new Set(batches.map(([e]) => e!.id)));
  });

  it('a subscription from an event starts after it', async () => {
    const store = fakeStore();
    const stream = streamName();
    const { position } = await store.append(stream, [event('S', { i: 0 })], 'no_stream');
    await store.append(stream, [event('S', { i: 1 })], 0);
    const subscription = store.subscribe(position);
    const first = await subscription[Symbol.asyncIterator]().next();
    await subscription.close();
    expect((first.value as RecordedEvent).data).toEqual({ i: 1 });
  });
});

function recorded(overrides: Partial<LogEvent> = {}): LogEvent {
  return {
    streamId: 'loan-request-1',
    id: '5f0b7c1e-8a44-4d0e-9a55-0c6f3b8f7d21',
    revision: 3n,
    type: 'LoanRequested',
    data: { amount: 450_000 },
    metadata: { user_id: 'u1', correlation_id: 'c1', causation_id: null, occurred_at: '2026-11-21T00:00:00.000Z' },
    isJson: true,
    created: new Date(0),
    position: { commit: 7_000n, prepare: 7_000n },
    ...overrides,
  };
}

describe('EventStoreDB mapping', () => {
  it('maps a recorded event to the port: revision as a number, the $all position', () => {
    const e = recorded();
    expect(toRecordedEvent(e)).toEqual({
      id: e.id,
      type: 'LoanRequested',
      data: { amount: 450_000 },
      metadata: e.metadata,
      streamId: 'loan-request-1',
      revision: 3,
      position: { commit: 7_000n, prepare: 7_000n },
    });
  });

  it('refuses a position the server did not report', () => {
    const unknown = 2n ** 64n - 1n;
    expect(() => positionOf(recorded({ position: { commit: unknown, prepare: unknown } }))).toThrow(/22\.6/);
    expect(() => toRecordedEvent({ ...recorded(), position: undefined })).toThrow(/position/);
  });

  it('tells system events by stream or type', () => {
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: 'Anything' })).toBe(true);
    expect(isSystemEvent({ streamId: 'loan-request-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$$loan-request-1', type: 'x' })).toBe(true);
    expect(isSystemEvent({ streamId: 'loan-request-1', type: 'LoanRequested' })).toBe(false);
  });

  it('reads from the start of $all for START, else from the position', () => {
    expect(toReadPosition(START)).toBe(LOG_START);
    expect(toReadPosition({ commit: 5n, prepare: 4n })).toEqual({ commit: 5n, prepare: 4n });
  });

  it('writes events as JSON with their own ids', () => {
    const e = event('LoanRequested', { amount: 1 });
    expect(toEventData(e)).toEqual({
      id: e.id,
      contentType: 'application/json',
      type: 'LoanRequested',
      data: { amount: 1 },
      metadata: e.metadata,
    });
  });
});

describe('earlierAppend: an append the stream already holds', () => {
  const stored = (ids: string[]): RecordedEvent[] =>
    ids.map((id, revision) => ({ ...event(), id, streamId: 's', revision, position: { commit: BigInt(100 * (revision + 1)), prepare: BigInt(100 * (revision + 1)) } }));
  const appending = (ids: string[]) => ids.map((id) => ({ ...event(), id }));

  it('answers with the last event when all ids are stored in order, one after the other', () => {
    expect(earlierAppend(stored(['a', 'b', 'c', 'd']), appending(['b', 'c']))).toEqual({
      nextRevision: 2,
      position: { commit: 300n, prepare: 300n },
    });
    expect(earlierAppend(stored(['a', 'b']), appending(['a', 'b']))?.nextRevision).toBe(1);
  });

  it('is null when none of the ids is stored', () => {
    expect(earlierAppend(stored(['a', 'b']), appending(['x', 'y']))).toBeNull();
    expect(earlierAppend([], appending(['x']))).toBeNull();
  });

  it('refuses ids stored only in part, out of order or apart', () => {
    expect(() => earlierAppend(stored(['a', 'b']), appending(['b', 'x']))).toThrow(DuplicateEventIdError);
    expect(() => earlierAppend(stored(['a', 'b']), appending(['b', 'a']))).toThrow(DuplicateEventIdError);
    expect(() => earlierAppend(stored(['a', 'b', 'c']), appending(['a', 'c']))).toThrow(DuplicateEventIdError);
  });
});
