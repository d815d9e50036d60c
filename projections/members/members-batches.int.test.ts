import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BidOrigin } from '../../domain/bid/schemas';
import type { DealActivity } from '../../domain/deal/events';
import { defaultContactPreference } from '../../domain/deal/schemas';
import { type DealStage, dealStages } from '../../domain/deal/stages';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { cutAt, recorded, rowsAfterBatches } from '../../tests/support/batch-equivalence';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { bidsProjection } from '../bids/bids';
import { dealsProjection } from '../deals/deals';
import { membersProjection } from './members';

// The members projection recounts the (provider, post) pairs a batch touches from the bids and deals read models:
// any history, applied one event at a time as a running product does, in one batch, in batches cut anywhere, and with
// the read models already at the log's head (a rebuild reads the live ones), leaves the same counts, and those are
// the bids and deals the read models hold counted by provider and post as the members list defines them.

const id = (kind: number, n: number) => `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const POSTS = [0, 1, 2].map((n) => id(1, n));
const PROVIDERS = [0, 1].map((n) => id(2, n));
const CUSTOMER = id(3, 0);

type Action =
  | { kind: 'place'; provider: number; post: number; origin: BidOrigin }
  | { kind: 'delete-bid'; pick: number }
  | { kind: 'cancel-bid'; pick: number }
  | { kind: 'open'; pick: number; external: boolean }
  | { kind: 'add'; pick: number; stage: DealStage }
  | { kind: 'delete-activity'; pick: number; stage: DealStage }
  | { kind: 'delete-post'; post: number };

const pick = fc.nat();
const stage = fc.constantFrom(...dealStages);
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      provider: fc.integer({ min: 0, max: PROVIDERS.length - 1 }),
      post: fc.integer({ min: 0, max: POSTS.length - 1 }),
      origin: fc.constantFrom<BidOrigin>('auction', 'auction', 'external'),
    }),
  },
  fc.record({ kind: fc.constant('delete-bid' as const), pick }),
  fc.record({ kind: fc.constant('cancel-bid' as const), pick }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const), pick, external: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('add' as const), pick, stage }) },
  fc.record({ kind: fc.constant('delete-activity' as const), pick, stage }),
  fc.record({ kind: fc.constant('delete-post' as const), post: fc.integer({ min: 0, max: POSTS.length - 1 }) }),
);

/** The events of `actions`, after a first auction bid of each provider and a deal of the first; a step naming no deal yet is left out. */
function historyOf(actions: readonly Action[]): RecordedEvent[] {
  const revisions = new Map<string, number>();
  const bids: { bid_id: string; post_id: string; provider_id: string }[] = [];
  const deals: { deal_id: string; post_id: string; provider_id: string }[] = [];
  const activities: { activity_id: string; deal: (typeof deals)[number] }[] = [];
  const events: RecordedEvent[] = [];
  const at = () => `2026-11-21T10:${String(events.length).padStart(2, '0')}:00.000Z`;
  const onStream = (stream: string, event: { type: string; data: unknown }) => {
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    events.push(recorded(stream, revision, event, at()));
  };
  const activity = (deal: (typeof deals)[number], type: DealActivity['activity_type']): DealActivity => {
    const activity_id = id(5, activities.length);
    activities.push({ activity_id, deal });
    return { activity_id, activity_type: type, amount: null, description: null, activity_date: '2026-11-01', settled_lender: null, reason: null, created_by: deal.provider_id, created_at: at() };
  };
  const dealRef = (deal: (typeof deals)[number]) => ({ deal_id: deal.deal_id, provider_id: deal.provider_id, customer_id: CUSTOMER });
  const first = [...PROVIDERS.map((_, n): Action => ({ kind: 'place', provider: n, post: n, origin: 'auction' })), { kind: 'open', pick: 0, external: false } as const];
  for (const a of [...first, ...actions]) {
    switch (a.kind) {
      case 'place': {
        const ref = { bid_id: id(4, bids.length), post_id: POSTS[a.post]!, provider_id: PROVIDERS[a.provider]! };
        bids.push(ref);
        onStream(`bid-${ref.bid_id}`, { type: 'BidPlaced', data: placed(ref, a.origin, at()) });
        break;
      }
      case 'delete-bid':
      case 'cancel-bid': {
        const bid = bids[a.pick % bids.length]!;
        const data = { ...bid, organisation_uuid: bid.provider_id };
        if (a.kind === 'delete-bid') onStream(`bid-${bid.bid_id}`, { type: 'BidDeleted', data: { ...data, deleted_by: bid.provider_id, deleted_at: at() } });
        else onStream(`bid-${bid.bid_id}`, { type: 'BidCancelled', data: { ...data, reason: 'changed my mind', cancelled_by: bid.provider_id, cancelled_at: at() } });
        break;
      }
      case 'open': {
        // The deal of a bid has an id derived from it: a bid opened twice is a replay.
        const bid = bids[a.pick % bids.length]!;
        const deal = { deal_id: id(6, bids.indexOf(bid)), post_id: bid.post_id, provider_id: bid.provider_id };
        if (!deals.some((d) => d.deal_id === deal.deal_id)) deals.push(deal);
        const data = {
          ...dealRef(deal),
          bid_id: bid.bid_id,
          post_id: bid.post_id,
          organisation_id: bid.provider_id,
          loan_amount: 500_000,
          contact_preference: defaultContactPreference,
          external: a.external,
          activity: activity(deal, a.external ? 'external_created' : 'accept'),
          stage: 'accepted',
        };
        onStream(`deal-${deal.deal_id}`, { type: 'DealOpened', data });
        break;
      }
      case 'add': {
        if (deals.length === 0) break;
        const deal = deals[a.pick % deals.length]!;
        const type = a.stage === 'closed_won' ? 'closed_won' : 'note';
        onStream(`deal-${deal.deal_id}`, { type: 'DealActivityAdded', data: { ...dealRef(deal), activity: activity(deal, type), stage: a.stage } });
        break;
      }
      case 'delete-activity': {
        if (activities.length === 0) break;
        const { activity_id, deal } = activities[a.pick % activities.length]!;
        onStream(`deal-${deal.deal_id}`, { type: 'DealActivityDeleted', data: { ...dealRef(deal), activity_id, deleted_by: deal.provider_id, deleted_at: at(), stage: a.stage } });
        break;
      }
      case 'delete-post':
        onStream(`post-${POSTS[a.post]}`, { type: 'PostDeleted', data: { post_id: POSTS[a.post], deleted_by: CUSTOMER } });
        break;
    }
  }
  return events;
}

/** A bid's placement with the terms the bids read model stores (the members count reads only its origin). */
function placed(ref: { bid_id: string; post_id: string; provider_id: string }, origin: BidOrigin, at: string) {
  return {
    ...ref,
    organisation_uuid: ref.provider_id,
    origin,
    placed_at: at,
    placed_by: ref.provider_id,
    bid: {
      bid_type: 'normal',
      show_private: false,
      home_loan_bid_template_uuid: null,
      interest_rate: 5.1,
      comparison_rate: 5.2,
      maximum_lvr: 80,
      rate_type: 'variable',
      fixed_period: null,
      repayment_type: 'principal_and_interest',
    },
    loan_amount: 500_000,
    repayments: { monthly_repayment: 3_000, monthly_savings: null },
    auto_declare_eligible: false,
    confirmed_warnings: [],
  };
}

type Counts = { bids: number; deals: number; settled_deals: number };

/**
 * The counts the members list defines (docs/leads-and-opportunities.md "Members"), worked out from the bids' and
 * deals' rows: auction bids not deleted, deals not deleted, of them closed won; by provider and post, and by provider.
 * A pair or a provider with nothing to count has no row.
 */
function expectedCounts(tables: Record<string, string[]>): { member_post_counts: string[]; member_counts: string[] } {
  const perPair = new Map<string, Counts & { provider_id: string; post_id: string }>();
  const counted = (row: { provider_id: string; post_id: string }) => {
    const key = `${row.provider_id}/${row.post_id}`;
    const counts = perPair.get(key) ?? { provider_id: row.provider_id, post_id: row.post_id, bids: 0, deals: 0, settled_deals: 0 };
    perPair.set(key, counts);
    return counts;
  };
  for (const bid of tables.bids!.map((row) => JSON.parse(row))) if (!bid.deleted && bid.origin === 'auction') counted(bid).bids += 1;
  for (const deal of tables.deals!.map((row) => JSON.parse(row))) {
    if (deal.deleted) continue;
    counted(deal).deals += 1;
    if (deal.stage === 'closed_won') counted(deal).settled_deals += 1;
  }
  const perProvider = new Map<string, Counts & { provider_id: string }>();
  for (const pair of perPair.values()) {
    const sum = perProvider.get(pair.provider_id) ?? { provider_id: pair.provider_id, bids: 0, deals: 0, settled_deals: 0 };
    perProvider.set(pair.provider_id, { ...sum, bids: sum.bids + pair.bids, deals: sum.deals + pair.deals, settled_deals: sum.settled_deals + pair.settled_deals });
  }
  const nonZero = (counts: Counts) => counts.bids + counts.deals + counts.settled_deals > 0;
  return { member_post_counts: sorted([...perPair.values()].filter(nonZero)), member_counts: sorted([...perProvider.values()].filter(nonZero)) };
}

const sorted = (rows: object[]) => rows.map((row) => JSON.stringify(Object.entries(row).sort())).sort();
const countsOf = (tables: Record<string, string[]>) => ({
  member_post_counts: sorted(tables.member_post_counts!.map((row) => JSON.parse(row))),
  member_counts: sorted(tables.member_counts!.map((row) => JSON.parse(row))),
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('any bid and deal history gives the counts of the read models one event at a time, in one batch, in batches cut anywhere and read ahead', async () => {
  const readsFrom = [bidsProjection, dealsProjection];
  let settled = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 40 }), fc.array(fc.nat(45), { maxLength: 4 }), async (actions, cuts) => {
      const events = historyOf(actions);
      const oneByOne = await rowsAfterBatches(
        database.db,
        membersProjection,
        events.map((event) => [event]),
        { readsFrom },
      );
      expect(countsOf(oneByOne)).toEqual(expectedCounts(oneByOne));
      if (oneByOne.member_counts!.some((row) => JSON.parse(row).settled_deals > 0)) settled += 1;
      expect(await rowsAfterBatches(database.db, membersProjection, [events], { readsFrom })).toEqual(oneByOne);
      expect(await rowsAfterBatches(database.db, membersProjection, cutAt(events, cuts), { readsFrom })).toEqual(oneByOne);
      expect(await rowsAfterBatches(database.db, membersProjection, cutAt(events, cuts), { readsFrom, readAhead: true })).toEqual(oneByOne);
    }),
    { numRuns: 20 },
  );
  // The histories reach every count: some end with settled deals.
  expect(settled).toBeGreaterThan(0);
}, 180_000);
