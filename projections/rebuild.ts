import { sql } from 'kysely';
import type { Database } from '../infrastructure/database/database';
import type { Consumer } from './projection';
import { BUILD_LEASE_MS, type ProjectionRunner, type StepOutcome } from './runner';

/**
 * `npm run projections:rebuild`: starts a fresh build of each of `consumers` and steps them until every one has
 * caught up and swapped in (the live builds keep serving meanwhile). It leases the builds (`runner.leaseBuilds`, the
 * runner made with `drivesBuilds`), so the servers' runners leave them to it; a server that had a batch in flight
 * finishes it, and this waits. `together`: the builds of a round step at once, each on its own
 * connection (they share each batch's read: runner.ts #replayRead), so PostgreSQL applies one build's batch while
 * Node prepares another's; one at a time on embedded PGlite, whose one connection would only queue them.
 */
export async function rebuildProjections(db: Database, runner: ProjectionRunner, consumers: readonly Consumer[], together = false): Promise<void> {
  for (const consumer of consumers) await runner.createBuild(consumer);
  let leasedAt = 0;
  for (;;) {
    if (Date.now() - leasedAt > BUILD_LEASE_MS / 3) {
      await runner.leaseBuilds(consumers);
      leasedAt = Date.now();
    }
    const { rows } = await sql<{ name: string }>`select distinct name from projection_builds where status = 'building'`.execute(db);
    const pending = consumers.filter((c) => rows.some((r) => r.name === c.name));
    if (pending.length === 0) return;
    const outcomes: StepOutcome[] = [];
    if (together) outcomes.push(...(await Promise.all(pending.map((consumer) => runner.step(consumer)))));
    else for (const consumer of pending) outcomes.push(await runner.step(consumer));
    if (outcomes.includes('worked')) continue;
    // Another process holds the batch lock; or the builds wait (for a read model they read, or their turn while live
    // work runs: RunnerOptions.rebuildYield).
    await new Promise((r) => setTimeout(r, outcomes.every((o) => o === 'busy') ? 200 : 20));
  }
}
