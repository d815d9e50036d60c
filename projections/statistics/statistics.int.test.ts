import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealActivityTypes, type DealActivityType } from '../../domain/deal/schemas';
import { dealStages } from '../../domain/deal/stages';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { statisticsProjection } from './statistics';

// The statistics projection applies a batch in memory and writes its rows and day counters once at the batch's end
// (docs/statistics.md "The projection"). Whatever the events, batches of any size must leave the same tables as one
// batch per event: given random sequences of the events it counts, both ways, then the rows.

let database: TestDatabase;
const schemas = ['batched', 'one_by_one'] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const schema of schemas) await inSchema(schema, async (trx) => {
    await sql`create schema ${sql.id(schema)}`.execute(trx);
    await sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
    await statisticsProjection.createTables(trx);
  });
});
afterAll(() => database?.close());

function inSchema<T>(schema: string, work: (trx: Database) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    await sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
    return work(trx);
  });
}

const uuid = (kind: number, n: number) => `${String(kind).repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const posts = [0, 1, 2, 3, 4, 5].map((n) => uuid(1, n));
const bids = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => uuid(2, n));
const deals = [0, 1, 2].map((n) => uuid(3, n));
const activities = [0, 1, 2, 3].map((n) => uuid(4, n));
// Late evening in Sydney and the next morning: the same instant's UTC and Sydney days differ.
const instant = fc.constantFrom('2026-11-20T09:00:00.000Z', '2026-11-20T14:30:01.097Z', '2026-11-21T01:15:05.489Z', '2026-11-23T22:00:00.301Z');
const day = fc.constantFrom('2026-11-20', '2026-11-21', '2026-11-25');
const rate = fc.integer({ min: 300, max: 900 }).map((n) => n / 100);
const amount = fc.option(fc.integer({ min: 100_000, max: 900_000 }), { nil: null });
const activity = (types: readonly DealActivityType[]) =>
  fc.record({ activity_id: fc.constantFrom(...activities), activity_type: fc.constantFrom(...types), amount, activity_date: day });

const event: fc.Arbitrary<{ type: string; data: unknown }> = fc.oneof(
  fc.record({ type: fc.constant('PostPublished'), data: fc.record({ post_id: fc.constantFrom(...posts), published_at: instant }) }),
  // Weighted: a busy batch is mostly bids, several on one post.
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('BidPlaced'),
      data: fc.record({
        bid_id: fc.constantFrom(...bids),
        post_id: fc.constantFrom(...posts),
        origin: fc.constantFrom('auction', 'auction', 'external'),
        placed_at: instant,
        bid: fc.record({ interest_rate: rate }),
      }),
    }),
  },
  fc.record({ type: fc.constant('BidEdited'), data: fc.record({ bid_id: fc.constantFrom(...bids), bid: fc.record({ interest_rate: rate }) }) }),
  fc.record({
    type: fc.constant('DealOpened'),
    data: fc.record({
      deal_id: fc.constantFrom(...deals),
      post_id: fc.constantFrom(...posts),
      bid_id: fc.constantFrom(...bids),
      external: fc.boolean(),
      loan_amount: fc.integer({ min: 100_000, max: 900_000 }),
      activity: activity(['accept', 'external_created']),
      stage: fc.constantFrom(...dealStages),
    }),
  }),
  fc.record({ type: fc.constant('DealActivityAdded'), data: fc.record({ deal_id: fc.constantFrom(...deals), stage: fc.constantFrom(...dealStages), activity: activity(dealActivityTypes) }) }),
  fc.record({
    type: fc.constant('DealActivityEdited'),
    data: fc.record({ deal_id: fc.constantFrom(...deals), activity_id: fc.constantFrom(...activities), amount, activity_date: day }),
  }),
  fc.record({
    type: fc.constant('DealActivityDeleted'),
    data: fc.record({ deal_id: fc.constantFrom(...deals), activity_id: fc.constantFrom(...activities), stage: fc.constantFrom(...dealStages) }),
  }),
  // Events it does not count pass through a batch too.
  fc.record({ type: fc.constant('BidRegistered'), data: fc.record({ post_id: fc.constantFrom(...posts), bid_id: fc.constantFrom(...bids) }) }),
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

/** Every row of the four tables, sorted, exactly as stored (the sums are exact decimals, equal to the last digit). */
async function tables(schema: string) {
  return inSchema(schema, async (trx) => {
    const rows = async (query: string) => (await sql.raw<Record<string, unknown>>(query).execute(trx)).rows;
    return {
      // A day whose counters all came back to zero (a deal moved to a stage and back) reads the same as a day without
      // a row: one batch per event leaves such a row behind, one batch nets it out before writing.
      daily: (await rows(`select * from statistics_daily order by day`)).filter((row) =>
        Object.entries(row).some(([column, value]) => column !== 'day' && Number(value) !== 0),
      ),
      posts: await rows(`select post_id, published_day::text, published_at::text, first_bid_at::text from statistics_posts order by post_id`),
      bids: await rows(`select * from statistics_bids order by bid_id`),
      deals: await rows(`select deal_id, post_id, external, opened_day::text, loan_amount, stage, activities from statistics_deals order by deal_id`),
    };
  });
}

describe('the statistics projection', () => {
  it('leaves the same rows after batches of any size as after one batch per event', async () => {
    await fc.assert(
      // Batches of `size`: one batch for the whole log at most, and later batches start from rows earlier ones wrote.
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 30 }), fc.integer({ min: 2, max: 30 }), async (events, size) => {
        for (const schema of schemas) {
          await inSchema(schema, (trx) => sql`truncate statistics_daily, statistics_posts, statistics_bids, statistics_deals`.execute(trx));
        }
        const log = recorded(events);
        for (let start = 0; start < log.length; start += size) await inSchema('batched', (trx) => statisticsProjection.handle(log.slice(start, start + size), trx));
        for (const one of log) await inSchema('one_by_one', (trx) => statisticsProjection.handle([one], trx));
        expect(await tables('batched')).toEqual(await tables('one_by_one'));
      }),
      { numRuns: 60 },
    );
  });

  it('sums rates to the same last digit in one batch as one by one (in floating point, 5.1 + 5.2 + 5.3 depends on the grouping)', async () => {
    for (const schema of schemas) await inSchema(schema, (trx) => sql`truncate statistics_daily, statistics_posts, statistics_bids, statistics_deals`.execute(trx));
    const log = recorded([
      ...posts.slice(0, 3).map((post_id) => ({ type: 'PostPublished', data: { post_id, published_at: '2026-11-20T00:00:00.000Z' } })),
      ...[5.1, 5.2, 5.3].map((interest_rate, i) => ({
        type: 'BidPlaced',
        data: { bid_id: bids[i], post_id: posts[i], origin: 'auction', placed_at: '2026-11-20T01:00:00.000Z', bid: { interest_rate } },
      })),
    ]);
    await inSchema('batched', (trx) => statisticsProjection.handle(log, trx));
    for (const one of log) await inSchema('one_by_one', (trx) => statisticsProjection.handle([one], trx));
    const [batched, oneByOne] = [await tables('batched'), await tables('one_by_one')];
    expect(batched.daily[0]).toMatchObject({ first_bid_count: 3, first_bid_rate_sum: '15.600000' });
    expect(batched).toEqual(oneByOne);
  });

  it('adds to a day the same from rows of earlier batches as from rows of its own (a date column read back as the day)', async () => {
    for (const schema of schemas) await inSchema(schema, (trx) => sql`truncate statistics_daily, statistics_posts, statistics_bids, statistics_deals`.execute(trx));
    const activity = (activity_id: string, activity_type: string) => ({ activity_id, activity_type, amount: 500_000, activity_date: '2026-11-25' });
    const opened = (deal_id: string, post_id: string) => ({
      type: 'DealOpened',
      data: { deal_id, post_id, bid_id: bids[0], external: false, loan_amount: 500_000, activity: activity(activities[0]!, 'accept'), stage: 'accepted' },
    });
    const log = recorded([
      { type: 'PostPublished', data: { post_id: posts[0], published_at: '2026-11-24T14:00:00.000Z' } },
      opened(deals[0]!, posts[0]!),
      // The next batch: the deal above (read back) settles on its post's day, and a post and a deal of that day come.
      { type: 'DealActivityAdded', data: { deal_id: deals[0], stage: 'closed_won', activity: activity(activities[1]!, 'closed_won') } },
      { type: 'PostPublished', data: { post_id: posts[1], published_at: '2026-11-25T01:00:00.000Z' } },
      opened(deals[1]!, posts[1]!),
    ]);
    await inSchema('batched', (trx) => statisticsProjection.handle(log.slice(0, 2), trx));
    await inSchema('batched', (trx) => statisticsProjection.handle(log.slice(2), trx));
    for (const one of log) await inSchema('one_by_one', (trx) => statisticsProjection.handle([one], trx));
    const [batched, oneByOne] = [await tables('batched'), await tables('one_by_one')];
    expect(batched.daily).toEqual([expect.objectContaining({ posts_created: 2, deals_opened: 2, deals_accepted: 1, deals_closed_won: 1, posts_with_deal: 2, posts_settled: 1, settled_count: 1 })]);
    expect(batched).toEqual(oneByOne);
  });

  it('counts a post’s first bid once, with the first bid’s rate and response time, when a batch brings several', async () => {
    await inSchema('batched', (trx) => sql`truncate statistics_daily, statistics_posts, statistics_bids, statistics_deals`.execute(trx));
    const bid = (n: number, placed_at: string, interest_rate: number) => ({
      type: 'BidPlaced',
      data: { bid_id: bids[n], post_id: posts[0], origin: 'auction', placed_at, bid: { interest_rate } },
    });
    const log = recorded([
      { type: 'PostPublished', data: { post_id: posts[0], published_at: '2026-11-20T00:00:00.000Z' } },
      bid(0, '2026-11-20T01:00:00.000Z', 6.1),
      bid(1, '2026-11-20T02:00:00.000Z', 5.9),
      bid(0, '2026-11-20T01:00:00.000Z', 6.1), // the same bid again (a batch applied twice counts once)
    ]);
    await inSchema('batched', (trx) => statisticsProjection.handle(log, trx));
    const { daily, posts: postRows } = await tables('batched');
    expect(daily).toEqual([expect.objectContaining({ posts_created: 1, bids_placed: 2, first_bid_count: 1, first_bid_rate_sum: '6.100000', response_seconds_sum: '3600.000000' })]);
    expect(postRows[0]!.first_bid_at).toBe('2026-11-20 01:00:00+00');
  });
});
