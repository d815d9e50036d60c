import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { scheduledTransitionsProjection } from './scheduled-transitions';

// The scheduled transitions are folded in memory per batch and written as one delete and one upsert
// (projections/batch-rows.ts). Whatever the events, one batch must leave the same rows as one batch per event (the
// live path): given random sequences of the post events that schedule, move and drop transitions, both ways, then
// the rows.

let database: TestDatabase;
const schemas = ['batched', 'one_by_one'] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const schema of schemas) {
    await inSchema(schema, async (trx) => {
      await sql`create schema ${sql.id(schema)}`.execute(trx);
      await sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
      await scheduledTransitionsProjection.createTables(trx);
    });
  }
});
afterAll(() => database?.close());

function inSchema<T>(schema: string, work: (trx: Database) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    await sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
    return work(trx);
  });
}

const posts = [0, 1].map((n) => `11111111-0000-4000-8000-${String(n).padStart(12, '0')}`);
const post_id = fc.constantFrom(...posts);
const at = fc.constantFrom('2026-11-26T00:00:00.000Z', '2026-11-27T12:00:00.000Z', '2026-11-28T06:30:00.000Z');

const event: fc.Arbitrary<{ type: string; data: unknown }> = fc.oneof(
  fc.record({ type: fc.constant('PostPublished'), data: fc.record({ post_id, bidding_period_expiry_on: at, review_bids_on: at }) }),
  fc.record({ type: fc.constant('BiddingEnded'), data: fc.record({ post_id, bidding_period_expiry_on: at, review_bids_on: at }) }),
  fc.record({ type: fc.constant('ReviewPeriodExtended'), data: fc.record({ post_id, review_bids_on: at }) }),
  fc.record({ type: fc.constant('ReviewPeriodEnded'), data: fc.record({ post_id, expiration_date: at }) }),
  fc.record({ type: fc.constant('AutomaticSelectionCancelled'), data: fc.record({ post_id }) }),
  fc.record({
    type: fc.constantFrom('BidAcceptedOnPost', 'PostClosed', 'PostExpired', 'PostCancelled', 'PostDeleted'),
    data: fc.record({ post_id }),
  }),
  // Events it does not handle pass through a batch too.
  fc.record({ type: fc.constant('PostSortSet'), data: fc.record({ post_id }) }),
);

const recorded = (events: { type: string; data: unknown }[]): RecordedEvent[] =>
  events.map((e, i) => ({
    ...e,
    id: crypto.randomUUID(),
    streamId: 'test',
    revision: i,
    position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) },
    metadata: { user_id: null, correlation_id: 'test', causation_id: null, occurred_at: '2026-11-25T00:00:00.000Z' },
  })) as unknown as RecordedEvent[];

const rows = (schema: string) =>
  inSchema(schema, async (trx) => (await sql<Record<string, unknown>>`select * from scheduled_transitions order by post_id, kind`.execute(trx)).rows);

describe('the scheduled transitions projection', () => {
  it('leaves the same rows after one batch as after one batch per event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 30 }), async (events) => {
        for (const schema of schemas) await inSchema(schema, (trx) => sql`truncate scheduled_transitions`.execute(trx));
        const log = recorded(events);
        await inSchema('batched', (trx) => scheduledTransitionsProjection.handle(log, trx));
        for (const one of log) await inSchema('one_by_one', (trx) => scheduledTransitionsProjection.handle([one], trx));
        expect(await rows('batched')).toEqual(await rows('one_by_one'));
      }),
      { numRuns: 50 },
    );
  }, 180_000);

  it('schedules again a transition removed earlier in the batch', async () => {
    await inSchema('batched', (trx) => sql`truncate scheduled_transitions`.execute(trx));
    const log = recorded([
      { type: 'PostPublished', data: { post_id: posts[0], bidding_period_expiry_on: '2026-11-26T00:00:00.000Z', review_bids_on: '2026-11-27T00:00:00.000Z' } },
      { type: 'PostCancelled', data: { post_id: posts[0] } },
      { type: 'PostPublished', data: { post_id: posts[0], bidding_period_expiry_on: '2026-11-28T00:00:00.000Z', review_bids_on: '2026-11-29T00:00:00.000Z' } },
      { type: 'AutomaticSelectionCancelled', data: { post_id: posts[0] } },
    ]);
    await inSchema('batched', (trx) => scheduledTransitionsProjection.handle(log, trx));
    expect(await rows('batched')).toEqual([{ post_id: posts[0], kind: 'end_bidding', due_at: new Date('2026-11-28T00:00:00.000Z') }]);
  });
});
