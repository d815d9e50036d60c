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
  for (;;) {
    const checkpoints = await liveCheckpoints(db, names);
    const reached = names.every((n) => {
      const checkpoint = checkpoints.get(n);
      return checkpoint !== undefined && comparePositions(checkpoint, position) >= 0;
    });
    if (reached) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, options.pollMs ?? 15));
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
