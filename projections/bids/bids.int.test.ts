import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { bidsProjection } from './bids';

// The bids projection folds a batch's events into its bids in memory and writes them in one upsert
// (projections/batch-rows.ts); a post's deletion and acceptance act on all of its bids, a customer's erasure on the
// traces quoting them. Whatever the events, one batch must leave the same bids and leading bids as one batch per
// event (the live path): given random sequences, both ways, then the rows.

let database: TestDatabase;
const schemas = ['batched', 'one_by_one'] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const schema of schemas) {
    await inSchema(schema, async (trx) => {
      await sql`create schema ${sql.id(schema)}`.execute(trx);
      await sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
      await bidsProjection.createTables(trx);
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
const recorded = (events: { type: string; data: unknown; placedBy?: string | null }[]): RecordedEvent[] =>
  events.map(({ placedBy, ...e }, i) => ({
    ...e,
    id: crypto.randomUUID(),
    streamId: 'test',
    revision: i,
    position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) },
    metadata: { user_id: null, correlation_id: 'test', causation_id: placedBy ?? null, occurred_at: new Date(Date.UTC(2026, 10, 25, 0, i)).toISOString() },
  })) as unknown as RecordedEvent[];

async function tables(schema: string) {
  return inSchema(schema, async (trx) => ({
    bids: (await sql<Record<string, unknown>>`select * from bids order by uuid`.execute(trx)).rows,
    leaders: (await sql<Record<string, unknown>>`select * from post_leading_bids order by post_id`.execute(trx)).rows,
  }));
}

describe('the bids projection', () => {
  it('leaves the same bids and leading bids after one batch as after one batch per event', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 30 }), async (events) => {
        for (const schema of schemas) await inSchema(schema, (trx) => sql`truncate bids, post_leading_bids`.execute(trx));
        const log = recorded(events);
        await inSchema('batched', (trx) => bidsProjection.handle(log, trx));
        for (const one of log) await inSchema('one_by_one', (trx) => bidsProjection.handle([one], trx));
        expect(await tables('batched')).toEqual(await tables('one_by_one'));
      }),
      { numRuns: 50 },
    );
  }, 180_000);

  it('marks the open bids of a post not chosen at its acceptance, also bids placed in the same batch', async () => {
    for (const schema of schemas) await inSchema(schema, (trx) => sql`truncate bids, post_leading_bids`.execute(trx));
    const [placed] = fc.sample(event.filter((e) => e.type === 'BidPlaced'), { numRuns: 1, seed: 1 });
    const place = (bid_id: string) => ({ ...placed!, data: { ...(placed!.data as object), bid_id, post_id: posts[0] } });
    const log = recorded([place(bids[0]!), place(bids[1]!), place(bids[2]!), { type: 'BidCancelled', data: { bid_id: bids[2] } }, { type: 'BidAcceptedOnPost', data: { post_id: posts[0], bid_id: bids[0] } }]);
    await inSchema('batched', (trx) => bidsProjection.handle(log, trx));
    const { bids: rows } = await tables('batched');
    expect(rows.map((row) => [row.uuid, row.status, row.not_chosen])).toEqual([
      [bids[0], 'active', false],
      [bids[1], 'active', true],
      [bids[2], 'cancelled', false],
    ]);
  });
});
