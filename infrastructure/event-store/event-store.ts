// The event store port (DESIGN.md §3). Both adapters (PostgreSQL/PGlite and EventStoreDB) pass the same
// contract suite in tests/event-store/.

export type EventMetadata = {
  user_id: string | null;
  correlation_id: string;
  causation_id: string | null;
  occurred_at: string; // ISO 8601
};

/** An event as the write side produces it, before it has a place in the log. */
export type NewEvent<Type extends string = string, Data = unknown> = {
  id: string; // uuid; appending the same id twice stores it once
  type: Type;
  data: Data;
  metadata: EventMetadata;
};

/**
 * A place in the global log. Ordered by `commit`, then `prepare`: for PostgreSQL the transaction id and the row
 * sequence (so events that commit late still sort after everything a reader has already passed); for
 * EventStoreDB its own commit and prepare positions.
 */
export type Position = { commit: bigint; prepare: bigint };

export type RecordedEvent<Type extends string = string, Data = unknown> = NewEvent<Type, Data> & {
  streamId: string;
  revision: number; // 0-based place in the stream
  position: Position;
  /** Personal fields whose key was erased (crypto-shredding); their values read as null. */
  erasedFields?: string[];
  /**
   * Whose key seals each stored personal field (path → subject), read or erased: a read model that copies a field
   * can blank it at that subject's erasure exactly as a rebuild would, also where the policy's subject changed.
   */
  personalSubjects?: Record<string, string>;
};

/** `no_stream`: the stream must not exist; `any`: no check; a number: the stream's current last revision. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export type AppendResult = {
  /** The revision of the last event of the stream after the append. */
  nextRevision: number;
  /** The global position of the last appended event. */
  position: Position;
};

export type ReadAllBatch = {
  events: RecordedEvent[];
  /** Where the next read starts: the last event's position, or `from` when nothing was read. */
  next: Position;
};

export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export type ReadStreamOptions = {
  /**
   * `withhold`: personal fields read as null without being decrypted (no key is looked up), for a fold that never
   * uses them, such as the post's bid rules. `reveal` (the default) decrypts them. Adapters without personal data
   * ignore it.
   */
  personalData?: 'reveal' | 'withhold';
  /** Only the events after this revision (a fold kept from an earlier read goes on from there). */
  after?: number;
};

/** One stream's part of an `appendTogether`. */
export type StreamAppend = { streamId: string; events: NewEvent[]; expectedRevision: ExpectedRevision };

export interface EventStore {
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams as one: every part or none (a WrongExpectedRevisionError on any part writes nothing).
   * Only adapters that can: PostgreSQL (one transaction); EventStoreDB has no transaction across streams.
   */
  appendTogether?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** Every event of a stream (after `options.after`) in revision order; an empty array for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Up to `batch` events strictly after `from`, in global order, never skipping one that commits later. */
  readAll(from: Position, batch: number): Promise<ReadAllBatch>;
  /** Every event after `from`, then new ones as they commit, in global order. */
  subscribe(from: Position): Subscription;
  /** The position of the newest event a reader can see (START when the log is empty). */
  headPosition(): Promise<Position>;
  /**
   * Calls `listener` after each append made through this store (in this process), so that a reader here need not
   * wait for its next poll. Returns the unsubscribe. Adapters without it leave readers to their polls.
   */
  onAppended?(listener: () => void): () => void;
  close(): Promise<void>;
}

export const START: Position = Object.freeze({ commit: 0n, prepare: 0n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Positions cross HTTP as `commit.prepare` strings (read-your-writes, /health). */
export function formatPosition(position: Position): string {
  return `${position.commit}.${position.prepare}`;
}

export function parsePosition(text: string): Position | null {
  const match = /^(\d{1,20})\.(\d{1,20})$/.exec(text);
  if (!match) return null;
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** An event id already stored elsewhere (another stream or place): a caller bug, never a retry. */
export class DuplicateEventIdError extends Error {
  constructor(readonly eventIds: string[]) {
    super(`Event ids already stored elsewhere: ${eventIds.join(', ')}`);
    this.name = 'DuplicateEventIdError';
  }
}
