import { afterAll, beforeAll, expect } from 'vitest';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import type { Database } from '../../infrastructure/database/database';
import type { Projection } from '../../projections/projection';
import { waitForProjections } from '../../projections/projection-status';
import { ProjectionRunner } from '../../projections/runner';
import { createTestDatabase, type TestDatabase } from './test-database';

// Projection tests (STYLE.md "given events, then rows"): one projection running on a database of the test file's
// own, fed by events appended straight to the store as its deciders would have written them.

export type ProjectionTestbed = {
  /** The database the projection writes (ready in the tests, after the file's beforeAll). */
  db(): Database;
  /** Appends `events` to `stream` (after the ones given before), then waits until the projection has applied them. */
  given(stream: string, events: { type: string; data: unknown }[], options?: { at?: string; userId?: string | null }): Promise<void>;
};

export function projectionTestbed(projection: Projection): ProjectionTestbed {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const revisions = new Map<string, number>();
  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.db);
    runner = new ProjectionRunner({ db: database.db, store, consumers: [projection], idleMs: 10 });
    runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await database.close();
  });
  return {
    db: () => database.db,
    async given(stream, events, { at = '2026-11-21T10:00:00.000Z', userId = null } = {}) {
      const metadata = { user_id: userId, correlation_id: 'test', causation_id: null, occurred_at: at };
      const result = await store.append(stream, events.map((e) => ({ id: crypto.randomUUID(), ...e, metadata })), revisions.get(stream) ?? 'no_stream');
      revisions.set(stream, result.nextRevision);
      // Not catchUp(): on a shared server an unrelated open transaction can hide a fresh append from readers for a moment.
      expect(await waitForProjections(database.db, [projection.name], result.position, { timeoutMs: 20_000 })).toBe(true);
    },
  };
}
