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

export type CommandResult<State> =
  | { ok: true; state: State; position: Position | null; eventCount: number }
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
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, MAX_PAUSE_MS)));

type Folded<State> = { state: State; revision: number | 'no_stream' };

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
  return { state, revision: last ? last.revision : (from?.revision ?? 'no_stream') };
}

/**
 * Load, fold, decide, append with the expected revision (DESIGN.md §2). On a conflict the stream is read again
 * and the command decided again, a bounded number of times. `makeCommand` sees the current state, so a command
 * that depends on it (e.g. a patch) is rebuilt on every attempt.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(options: {
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
  /** 'withhold' for a decider whose state holds no personal field: the stream is read without decrypting. */
  personalData?: ReadStreamOptions['personalData'];
}): Promise<CommandResult<State>> {
  const { store, streamId, decider, context } = options;
  const maxAttempts = options.attempts ?? MAX_ATTEMPTS;
  // A retry reads only what was appended since the attempt before: under a burst of appends to the same stream (bids
  // on a post) a short read is what lets the command land between two of them.
  let folded: Folded<State> | undefined;
  for (let attempt = 1; ; attempt++) {
    folded = await loadState(store, streamId, decider, { personalData: options.personalData }, folded);
    const { state, revision } = folded;
    const command = typeof options.command === 'function' ? (options.command as (s: State) => Command)(state) : options.command;
    const decision = decider.decide(command, state);
    if (!decision.ok) return { ok: false, error: decision.error };
    if (decision.events.length === 0) return { ok: true, state, position: null, eventCount: 0 };

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
      return { ok: true, state: newState, position: result.position, eventCount: events.length };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= maxAttempts) throw new ConcurrencyConflictError(streamId);
      if (maxAttempts > MAX_ATTEMPTS) await pause(attempt);
    }
  }
}
