import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Database } from '../infrastructure/database/database';
import { comparePositions, type EventStore, formatPosition, type Position } from '../infrastructure/event-store/event-store';

type LiveRow = { name: string; checkpoint_commit: string; checkpoint_prepare: string };

async function liveCheckpoints(db: Database, names: readonly string[]): Promise<Map<string, Position>> {
  if (names.length === 0) return new Map();
  const { rows } = await sql<LiveRow>`
    select name, checkpoint_commit::text, checkpoint_prepare::text from projection_builds
    where status = 'live' and name in (${sql.join(names)})`.execute(db);
  return new Map(rows.map((r) => [r.name, { commit: BigInt(r.checkpoint_commit), prepare: BigInt(r.checkpoint_prepare) }]));
}

/** The longest pause between two looks at the checkpoints while waiting. */
const MAX_POLL_MS = 100;

/**
 * Checkpoints of live builds as a runner in this process commits them, per database handle: a read-your-writes wait
 * on the same handle ends as soon as its projections get there, without polling (the runner is told the API's handle
 * in api/server.ts). Other processes' runners are still found by the poll.
 */
const committedCheckpoints = new WeakMap<Database, EventEmitter>();

function checkpointsOf(db: Database): EventEmitter {
  let emitter = committedCheckpoints.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    committedCheckpoints.set(db, emitter);
  }
  return emitter;
}

/** Tells this process's waiters on `db` that the live build of `name` has applied the log up to `checkpoint`. */
export function announceCheckpoint(db: Database, name: string, checkpoint: Position): void {
  committedCheckpoints.get(db)?.emit('committed', name, checkpoint);
}

/**
 * Calls `listener` each time a read-your-writes wait on `db` in this process ends with its read models there, with
 * their names (the API then reads changed callers afresh: api/known-callers.ts). Returns a function that stops it.
 */
export function onReadModelsReached(db: Database, listener: (names: readonly string[]) => void): () => void {
  const emitter = checkpointsOf(db);
  emitter.on('reached', listener);
  return () => emitter.off('reached', listener);
}

/**
 * Read-your-writes (DESIGN.md §4): waits until the live builds of `names` have applied `position`, at most
 * `timeoutMs`. Answers whether they got there; a read that times out is served anyway, slightly stale.
 */
export async function waitForProjections(
  db: Database,
  names: readonly string[],
  position: Position,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  let pollMs = options.pollMs ?? 15;
  const seen = new Map<string, Position>();
  const note = (name: string, checkpoint: Position) => {
    const before = seen.get(name);
    if (!before || comparePositions(checkpoint, before) > 0) seen.set(name, checkpoint);
  };
  const reached = () => names.every((n) => {
    const checkpoint = seen.get(n);
    return checkpoint !== undefined && comparePositions(checkpoint, position) >= 0;
  });
  let wake: (() => void) | null = null;
  const onCommitted = (name: string, checkpoint: Position) => {
    if (!names.includes(name)) return;
    note(name, checkpoint);
    if (reached()) wake?.();
  };
  const committed = checkpointsOf(db);
  committed.on('committed', onCommitted);
  const arrived = () => {
    committed.emit('reached', names);
    return true;
  };
  try {
    for (;;) {
      for (const [name, checkpoint] of await liveCheckpoints(db, names)) note(name, checkpoint);
      if (reached()) return arrived();
      if (Date.now() >= deadline) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(pollMs, Math.max(0, deadline - Date.now())));
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });
      if (reached()) return arrived();
      // Backing off: every waiting request polls, and at a fixed 15 ms a few dozen waiters on a loaded server sent
      // thousands of queries a second that only said "not yet".
      pollMs = Math.min(pollMs * 1.5, MAX_POLL_MS);
    }
  } finally {
    committed.off('committed', onCommitted);
  }
}

/**
 * Waits until each of `names` has a live build, without building any (an `api` process: the workers build them).
 * `onWaiting` is told once which ones are missing, so an operator sees why the API does not listen yet.
 */
export async function untilProjectionsLive(db: Database, names: readonly string[], options: { pollMs?: number; onWaiting?: (missing: string[]) => void } = {}): Promise<void> {
  let told = false;
  for (;;) {
    const live = await liveCheckpoints(db, names);
    const missing = names.filter((n) => !live.has(n));
    if (missing.length === 0) return;
    if (!told) options.onWaiting?.(missing);
    told = true;
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
}

export type ProjectionHealth = {
  name: string;
  status: 'live' | 'building';
  version: number;
  checkpoint: string;
  /** Events not yet applied, counted up to `lagCap`. */
  lag: number;
  lag_capped: boolean;
};

const LAG_CAP = 1000;

/** Per build: where it is and how far behind the log (for /health). */
export async function projectionHealth(db: Database, store: EventStore): Promise<ProjectionHealth[]> {
  const { rows } = await sql<LiveRow & { status: 'live' | 'building'; version: number }>`
    select name, status, version, checkpoint_commit::text, checkpoint_prepare::text from projection_builds
    where status in ('live', 'building') order by name, status`.execute(db);
  return Promise.all(
    rows.map(async (r) => {
      const checkpoint = { commit: BigInt(r.checkpoint_commit), prepare: BigInt(r.checkpoint_prepare) };
      const { events } = await store.readAll(checkpoint, LAG_CAP);
      return {
        name: r.name,
        status: r.status,
        version: r.version,
        checkpoint: formatPosition(checkpoint),
        lag: events.length,
        lag_capped: events.length >= LAG_CAP,
      };
    }),
  );
}
