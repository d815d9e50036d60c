import { comparePositions, type EventStore, type Position, type ReadAllBatch, type RecordedEvent } from '../infrastructure/event-store/event-store';

/**
 * The newest stretch of the log, read once for all of a runner's consumers. Each consumer used to read every batch
 * itself, so each new event was read (and decrypted, and parsed) once per consumer: with a dozen consumers that was
 * 40% of PostgreSQL's time while providers bid (docs/performance-history.md "One read of the log per runner").
 *
 * The tail holds every readable event in (`#from`, `#end`], in log order: it only grows by `readAll` from its own end,
 * and `readAll` never returns an event behind a position it has already returned (its horizon), so the stretch has no
 * gaps. A consumer whose checkpoint lies in the stretch is served from memory; one behind it (a rebuild) or ahead of
 * it reads the store itself. Events are frozen: consumers share them.
 *
 * Personal data: the events are held decrypted, as a consumer's own read returned them, for as long as they stay in
 * the tail (at most `limit` events, seconds of traffic). A user's deletion erases the key first and then appends
 * UserDeleted, which every live consumer applies after the events it read from here, so the read models come out
 * as from the store. Builds (replays) never read from the tail: they read the store, which shows erased fields as
 * null, each batch once for the builds at its checkpoint (runner.ts #replayRead).
 */
export class LogTail {
  readonly #store: Pick<EventStore, 'readAll'>;
  readonly #limit: number;
  #events: RecordedEvent[] = [];
  #from: Position | null = null;
  #end: Position | null = null;
  #extending: Promise<void> | null = null;
  /** The token of the last look past the end (a head move, or a caller that wants one of its own). */
  #lookedFor: unknown = undefined;

  constructor(store: Pick<EventStore, 'readAll'>, limit: number) {
    this.#store = store;
    this.#limit = limit;
  }

  /**
   * Up to `batch` events after `from`. `headMoves` is how often the runner has seen the log move: the tail looks past
   * its end once per move when it cannot fill the batch, and every time when `headMoves` is null (no watcher).
   */
  async read(from: Position, batch: number, headMoves: number | null): Promise<ReadAllBatch> {
    const token = headMoves ?? {};
    for (;;) {
      if (!this.#covers(from)) return this.#readPast(from, batch, token);
      const served = this.#serve(from, batch);
      if (served.events.length === batch || this.#lookedFor === token) return served;
      await (this.#extending ?? this.#extend(token));
    }
  }

  #covers(from: Position): boolean {
    return this.#from !== null && this.#end !== null && comparePositions(from, this.#from) >= 0 && comparePositions(from, this.#end) <= 0;
  }

  #serve(from: Position, batch: number): ReadAllBatch {
    // The first event after `from` (binary search: the tail is in log order).
    let low = 0;
    let high = this.#events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comparePositions(this.#events[middle]!.position, from) <= 0) low = middle + 1;
      else high = middle;
    }
    const events = this.#events.slice(low, low + batch);
    return { events, next: events.length > 0 ? events.at(-1)!.position : from };
  }

  #extend(token: unknown): Promise<void> {
    const end = this.#end!;
    const size = Math.max(1, Math.floor(this.#limit / 2));
    this.#extending = this.#store
      .readAll(end, size)
      .then((read) => {
        // A read past the tail may have replaced it meanwhile: extend only the tail this read continues.
        if (this.#end === null || comparePositions(this.#end, end) !== 0) return;
        this.#append(read);
        if (read.events.length < size) this.#lookedFor = token; // it reached the log's readable end
      })
      .finally(() => {
        this.#extending = null;
      });
    return this.#extending;
  }

  /** A checkpoint outside the tail reads the store; a read that reached the log's readable end becomes the tail. */
  async #readPast(from: Position, batch: number, token: unknown): Promise<ReadAllBatch> {
    const read = await this.#store.readAll(from, batch);
    // Nothing newer was readable: the read is at least as fresh as the tail.
    if (read.events.length < batch) {
      this.#from = from;
      this.#end = from;
      this.#events = [];
      this.#append(read);
      this.#lookedFor = token;
    }
    return read;
  }

  #append(read: ReadAllBatch): void {
    for (const event of read.events) this.#events.push(deepFreeze(event));
    this.#end = read.next;
    const over = this.#events.length - this.#limit;
    if (over > 0) {
      this.#from = this.#events[over - 1]!.position;
      this.#events = this.#events.slice(over);
    }
  }
}

/** Freezes an event shared by consumers (and everything in it), so no handler can change another's copy. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
