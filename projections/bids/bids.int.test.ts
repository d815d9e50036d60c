import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { recorded, rowsAfterBatches } from '../../tests/support/batch-equivalence';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { bidsProjection } from './bids';

// The bids projection folds a batch's events into its bids in memory and writes them in one upsert
// (projections/batch-rows.ts); a post's deletion and acceptance act on all of its bids, a customer's erasure on the
// traces quoting them. Whatever the events, one batch must leave the same bids and leading bids as one batch per
// event (the live path): given random sequences, both ways, then the rows.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const uuid = (kind: number, n: number) => `${String(kind).repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const posts = [0, 1, 2].map((n) => uuid(1, n));
const bids = [0, 1, 2, 3, 4, 5].map((n) => uuid(2, n));
const customers = [0, 1].map((n) => uuid(3, n));
const providers = [0, 1].map((n) => uuid(4, n));
const template = uuid(5, 0);
// Few rates, so leading bids tie often (broken by time, then by uuid).
const rate = fc.constantFrom(5.1, 5.2, 5.3);

const terms = fc.record({
  bid: fc.record({
    bid_type: fc.constantFrom('normal', 'anonymous'),
    show_private: fc.boolean(),
    home_loan_bid_template_uuid: fc.constantFrom(null, template),
    interest_rate: rate,
    comparison_rate: rate,
    maximum_lvr: fc.constant(80),
    rate_type: fc.constant('variable'),
    fixed_period: fc.constant(null),
    repayment_type: fc.constant('principal_and_interest'),
  }),
  loan_amount: fc.constantFrom(400_000, 500_000),
  repayments: fc.record({ monthly_repayment: fc.constantFrom(2_500, 3_000), monthly_savings: fc.constantFrom(null, 120) }),
  auto_declare_eligible: fc.boolean(),
  confirmed_warnings: fc.constant([]),
});
const bidRef = fc.record({ bid_id: fc.constantFrom(...bids), post_id: fc.constantFrom(...posts), provider_id: fc.constantFrom(...providers) });
const statusMoves = ['BidCancelled', 'BidExpired', 'BidAccepted', 'BidContacted', 'BidApplied', 'BidClosedWon', 'BidClosedLost', 'BidPutOnHold'] as const;

const event: fc.Arbitrary<{ type: string; data: unknown; placedBy?: string | null }> = fc.oneof(
  {
    // Placed again (a replayed event) keeps the first row.
    weight: 4,
    arbitrary: fc
      .record({
        ref: bidRef,
        terms,
        origin: fc.constantFrom('auction', 'external'),
        auto: fc.option(fc.record({ owner: fc.constantFrom(...customers), trace: fc.option(fc.constant([{ rule: 'rate', passed: true }]), { nil: null }) }), { nil: undefined }),
        cause: fc.constantFrom(null, 'cause'),
      })
      .map(({ ref, terms, origin, auto, cause }) => ({
        type: 'BidPlaced',
        placedBy: cause,
        data: {
          ...ref,
          ...terms,
          organisation_uuid: ref.provider_id,
          origin,
          placed_at: '2026-11-25T00:00:00.000Z',
          placed_by: ref.provider_id,
          ...(auto ? { auto_bid: { template_id: template, post_owner_id: auto.owner, bid_action: 'place', replaces: [], trace: auto.trace } } : {}),
        },
      })),
  },
  fc.record({ ref: bidRef, terms }).map(({ ref, terms }) => ({ type: 'BidEdited', data: { ...ref, ...terms, organisation_uuid: ref.provider_id, edited_at: 'x', edited_by: 'x' } })),
  bidRef.map((ref) => ({ type: 'BidDeleted', data: ref })),
  { weight: 3, arbitrary: fc.record({ type: fc.constantFrom(...statusMoves), data: bidRef }) },
  fc.record({ post_id: fc.constantFrom(...posts), bid_id: fc.constantFrom(...bids) }).map((data) => ({ type: 'BidAcceptedOnPost', data })),
  fc.constantFrom(...posts).map((post_id) => ({ type: 'PostDeleted', data: { post_id, deleted_by: 'x' } })),
  fc.constantFrom(...customers).map((user_id) => ({ type: 'UserDeleted', data: { user_id } })),
  // Events it does not handle pass through a batch too.
  fc.constantFrom(...posts).map((post_id) => ({ type: 'PostCancelled', data: { post_id } })),
);

/** Each event a minute after the one before, so `updated_at` tells which one wrote a row last. */
const logOf = (events: { type: string; data: unknown; placedBy?: string | null }[]): RecordedEvent[] =>
  events.map(({ placedBy, ...event }, i) => recorded('test', i, event, new Date(Date.UTC(2026, 10, 25, 0, i)).toISOString(), { causationId: placedBy ?? null }));

describe('the bids projection', () => {
  it('leaves the same bids and leading bids after one batch as after one batch per event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 30 }), async (events) => {
        const log = logOf(events);
        const oneByOne = await rowsAfterBatches(database.db, bidsProjection, log.map((one) => [one]));
        expect(await rowsAfterBatches(database.db, bidsProjection, [log])).toEqual(oneByOne);
      }),
      { numRuns: 50 },
    );
  }, 180_000);

  it('marks the open bids of a post not chosen at its acceptance, also bids placed in the same batch', async () => {
    const [placed] = fc.sample(event.filter((e) => e.type === 'BidPlaced'), { numRuns: 1, seed: 1 });
    const place = (bid_id: string) => ({ ...placed!, data: { ...(placed!.data as object), bid_id, post_id: posts[0] } });
    const log = logOf([place(bids[0]!), place(bids[1]!), place(bids[2]!), { type: 'BidCancelled', data: { bid_id: bids[2] } }, { type: 'BidAcceptedOnPost', data: { post_id: posts[0], bid_id: bids[0] } }]);
    const rows = (await rowsAfterBatches(database.db, bidsProjection, [log])).bids!.map((row) => JSON.parse(row) as { uuid: string; status: string; not_chosen: boolean });
    expect(rows.map((row) => [row.uuid, row.status, row.not_chosen]).sort()).toEqual([
      [bids[0], 'active', false],
      [bids[1], 'active', true],
      [bids[2], 'cancelled', false],
    ]);
  });
});
