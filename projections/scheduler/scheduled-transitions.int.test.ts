import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { recorded, rowsAfterBatches } from '../../tests/support/batch-equivalence';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { scheduledTransitionsProjection } from './scheduled-transitions';

// The scheduled transitions are folded in memory per batch and written as one delete and one upsert
// (projections/batch-rows.ts). Whatever the events, one batch must leave the same rows as one batch per event (the
// live path): given random sequences of the post events that schedule, move and drop transitions, both ways, then
// the rows.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

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

const logOf = (events: { type: string; data: unknown }[]): RecordedEvent[] => events.map((event, i) => recorded('test', i, event, '2026-11-25T00:00:00.000Z'));

describe('the scheduled transitions projection', () => {
  it('leaves the same rows after one batch as after one batch per event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 30 }), async (events) => {
        const log = logOf(events);
        const oneByOne = await rowsAfterBatches(database.db, scheduledTransitionsProjection, log.map((one) => [one]));
        expect(await rowsAfterBatches(database.db, scheduledTransitionsProjection, [log])).toEqual(oneByOne);
      }),
      { numRuns: 50 },
    );
  }, 180_000);

  it('schedules again a transition removed earlier in the batch', async () => {
    const log = logOf([
      { type: 'PostPublished', data: { post_id: posts[0], bidding_period_expiry_on: '2026-11-26T00:00:00.000Z', review_bids_on: '2026-11-27T00:00:00.000Z' } },
      { type: 'PostCancelled', data: { post_id: posts[0] } },
      { type: 'PostPublished', data: { post_id: posts[0], bidding_period_expiry_on: '2026-11-28T00:00:00.000Z', review_bids_on: '2026-11-29T00:00:00.000Z' } },
      { type: 'AutomaticSelectionCancelled', data: { post_id: posts[0] } },
    ]);
    const { scheduled_transitions: rows } = await rowsAfterBatches(database.db, scheduledTransitionsProjection, [log]);
    const parsed = rows!.map((row) => JSON.parse(row) as { due_at: string }).map((row) => ({ ...row, due_at: new Date(row.due_at) }));
    expect(parsed).toEqual([{ post_id: posts[0], kind: 'end_bidding', due_at: new Date('2026-11-28T00:00:00.000Z') }]);
  });
});
