import type { Database } from '../../infrastructure/database/database';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { projectionHealth } from '../../projections/projection-status';

/**
 * Waits until every live consumer has applied the whole log (looking every 250 ms): a workload's figures count the
 * work its requests left to the projections and reactors only once that is done.
 */
export async function caughtUp(db: Database, store: EventStore, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if ((await projectionHealth(db, store)).every((p) => p.status !== 'live' || p.lag === 0)) return;
    if (Date.now() > deadline) throw new Error('the projections did not catch up');
  }
}
