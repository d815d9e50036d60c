import type { Decider, DomainError } from '../domain/shared/decider';
import type { Ids } from './ids';
import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type ReadStreamOptions,
  WrongExpectedRevisionError,
} from './event-store/event-store';

type DomainEvent = { type: string; data: unknown };

export type CommandContext = {
  userId: string | null;
  correlationId: string;
  causationId: string | null;
  now: Date;
};

export type CommandResult<State, Event extends DomainEvent = DomainEvent> =
  | {
      ok: true;
      state: State;
      /** Where the appended events are; null when nothing was appended. */
      position: Position | null;
      /**
       * The position of the stream's newest event the answer stands on (the appended one, or, when nothing was
       * appended, the last one read): a route answering from a read model waits for it, since an event appended by
       * another process a moment earlier may not be projected yet.
       */
      streamPosition: Position | null;
      eventCount: number;
      /** The events appended, as decided. */ events: Event[];
    }
  | { ok: false; error: DomainError };

/** A command still conflicted after its retries: answered as 409 Conflict. */
export class ConcurrencyConflictError extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} kept changing; the command was not applied`);
    this.name = 'ConcurrencyConflictError';
  }
}

const MAX_ATTEMPTS = 4;
/**
 * For a command on a stream that many writers append to at once (a post taking a burst of bids): it must not lose
 * to them, so it retries more often, pausing a little (jittered, growing) so the burst can pass.
 */
export const CONTENDED_ATTEMPTS = 16;
const MAX_PAUSE_MS = 50;

/** The tail of each stream's queue in this process (`oneAtATime`). */
const lanes = new Map<string, Promise<void>>();

/**
 * Runs `work` once the work queued before it on the same stream in this process has finished (first come, first
 * served). Placing bids and the commands that compete with them on a post (CONTENDED_ATTEMPTS: the end of bidding,
 * acceptance, the scheduler's transitions) queue here: bids appended back to back from a remembered fold left no gap
 * for a command that reads before it appends, which then lost all its attempts. Other processes still meet at the
 * append's revision check. Never call it again for the same stream from inside `work`: it would wait for itself.
 */
export async function oneAtATime<T>(streamId: string, work: () => Promise<T>): Promise<T> {
  const before = lanes.get(streamId) ?? Promise.resolve();
  let finished!: () => void;
  const mine = new Promise<void>((resolve) => (finished = resolve));
  const tail = before.then(() => mine);
  lanes.set(streamId, tail);
  await before;
  try {
    return await work();
  } finally {
    finished();
    if (lanes.get(streamId) === tail) lanes.delete(streamId);
  }
}
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, MAX_PAUSE_MS)));

export type Folded<State> = { state: State; revision: number | 'no_stream'; /** The newest folded event's. */ position: Position | null };

/**
 * Folds of streams a process keeps for its next command on them (the most recently used `capacity` streams): the
 * command is decided on the remembered fold and appended at its revision without reading first, and when the
 * revision no longer matches (another writer, another process) only the events since are read. Only for deciders
 * whose state holds no personal field, read withheld: nothing decrypted stays in memory.
 */
export class RememberedFolds<State> {
  readonly #folds = new Map<string, Folded<State> & { revision: number }>();

  constructor(readonly capacity: number) {}

  get(streamId: string): (Folded<State> & { revision: number }) | undefined {
    return this.#folds.get(streamId);
  }

  /** Keeps a fold, unless one of a later revision is kept already (two commands of this process, answered out of order). */
  remember(streamId: string, folded: Folded<State>): void {
    if (folded.revision === 'no_stream') return;
    const known = this.#folds.get(streamId);
    if (known && known.revision > folded.revision) return;
    this.#folds.delete(streamId); // re-inserted last: the map's order is the order of use
    this.#folds.set(streamId, { state: folded.state, revision: folded.revision, position: folded.position });
    if (this.#folds.size > this.capacity) this.#folds.delete(this.#folds.keys().next().value!);
  }

  forget(streamId: string): void {
    this.#folds.delete(streamId);
  }
}

/**
 * A stream folded into its aggregate's state, with the revision to append after; given `from` (a fold of the same
 * stream read earlier), only the events since are read and folded onto it.
 */
export async function loadState<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  options: ReadStreamOptions = {},
  from?: Folded<State>,
): Promise<Folded<State>> {
  const after = from && from.revision !== 'no_stream' ? from.revision : undefined;
  const recorded = await store.readStream(streamId, { ...options, after });
  // The stored events were produced by this decider, so they have its event type.
  const state = recorded.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), from?.state ?? decider.initialState());
  const last = recorded[recorded.length - 1];
  return { state, revision: last ? last.revision : (from?.revision ?? 'no_stream'), position: last ? last.position : (from?.position ?? null) };
}

export type CommandOptions<State, Command, Event extends DomainEvent> = {
  store: EventStore;
  streamId: string;
  decider: Decider<State, Command, Event>;
  command: Command | ((state: State) => Command);
  context: CommandContext;
  ids: Ids;
  /** Deterministic event ids for reactors, so a replayed trigger appends nothing new. */
  eventId?: (event: Event, index: number) => string;
  /** How many times to decide before answering 409 (default 4); CONTENDED_ATTEMPTS for a busy stream. */
  attempts?: number;
} & (
  | {
      /** 'withhold' for a decider whose state holds no personal field: the stream is read without decrypting. */
      personalData?: ReadStreamOptions['personalData'];
      remembered?: undefined;
    }
  | {
      personalData: 'withhold';
      /** Start from the fold this process kept (read only when it turns out stale); only with personal data withheld. */
      remembered: RememberedFolds<State>;
    }
);

/**
 * Load, fold, decide, append with the expected revision (DESIGN.md §2). On a conflict the stream is read again
 * and the command decided again, a bounded number of times. `makeCommand` sees the current state, so a command
 * that depends on it (e.g. a patch) is rebuilt on every attempt.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(options: CommandOptions<State, Command, Event>): Promise<CommandResult<State, Event>> {
  const maxAttempts = options.attempts ?? MAX_ATTEMPTS;
  // A contended stream's commands queue in the process with the bids they compete with (`oneAtATime`).
  return maxAttempts > MAX_ATTEMPTS ? oneAtATime(options.streamId, () => attemptCommand(options, maxAttempts)) : attemptCommand(options, maxAttempts);
}

async function attemptCommand<State, Command, Event extends DomainEvent>(
  options: CommandOptions<State, Command, Event>,
  maxAttempts: number,
): Promise<CommandResult<State, Event>> {
  const { store, streamId, decider, context, remembered } = options;
  // A retry reads only what was appended since the attempt before: under a burst of appends to the same stream (bids
  // on a post) a short read is what lets the command land between two of them.
  let folded: Folded<State> | undefined = remembered?.get(streamId);
  let fresh = folded === undefined;
  for (let attempt = 1; ; attempt++) {
    if (fresh) {
      folded = await loadState(store, streamId, decider, { personalData: options.personalData }, folded);
      remembered?.remember(streamId, folded);
    }
    const { state, revision } = folded!;
    const command = typeof options.command === 'function' ? (options.command as (s: State) => Command)(state) : options.command;
    const decision = decider.decide(command, state);
    // Refused, or nothing to do, on a remembered fold: it may be stale, so decide again on the stream as it is.
    if (!fresh && (!decision.ok || decision.events.length === 0)) {
      fresh = true;
      continue;
    }
    if (!decision.ok) return { ok: false, error: decision.error };
    if (decision.events.length === 0) return { ok: true, state, position: null, streamPosition: folded!.position, eventCount: 0, events: [] };

    const metadata: EventMetadata = {
      user_id: context.userId,
      correlation_id: context.correlationId,
      causation_id: context.causationId,
      occurred_at: context.now.toISOString(),
    };
    const events: NewEvent[] = decision.events.map((e, i) => ({
      id: options.eventId ? options.eventId(e, i) : options.ids.uuid(),
      type: e.type,
      data: e.data,
      metadata,
    }));
    try {
      const result = await store.append(streamId, events, revision);
      const newState = decision.events.reduce(decider.evolve, state);
      remembered?.remember(streamId, { state: newState, revision: result.nextRevision, position: result.position });
      return { ok: true, state: newState, position: result.position, streamPosition: result.position, eventCount: events.length, events: decision.events };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxAttempts) throw new ConcurrencyConflictError(streamId);
      if (maxAttempts > MAX_ATTEMPTS) await pause(attempt);
      fresh = true;
    }
  }
}
