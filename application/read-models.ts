import type { Database } from '../infrastructure/database/database';
import type { Position } from '../infrastructure/event-store/event-store';
import { waitForProjections } from '../projections/projection-status';

/** How long a write waits, at most, for the read models its answer is read from (read your writes, DESIGN.md §4). */
export const READ_MODEL_WAIT_MS = 5000;

/** Waits (bounded) until the read models have applied the position a write appended at; nothing to wait for without one. */
export async function awaitReadModels(db: Database, readModels: readonly string[], position: Position | null, timeoutMs = READ_MODEL_WAIT_MS): Promise<void> {
  if (position) await waitForProjections(db, readModels, position, { timeoutMs });
}
