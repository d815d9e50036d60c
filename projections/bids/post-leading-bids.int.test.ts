import fc from 'fast-check';
import { type QueryExecutorProvider, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { bidsProjection } from './bids';

// The trigger keeps each post's leaders as bids come and go: an insert only compares the new bids with the stored
// leaders, an update or a delete recomputes. After any sequence of writes the rows must equal a recompute of every
// post from its bids (lead_post_bids, which the bulk load uses). The projection writes a batch as one upsert (new bids
// and changed ones together), which fires both the insert and the update trigger.

const SCHEMA = 'leading_bids_test';
const POSTS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
const PEOPLE = '00000000-0000-4000-8000-0000000000aa';

type NewBid = { post: number; comparison: number; interest: number; minute: number; status: string; deleted: boolean; anonymous: boolean; showPrivate: boolean };
/** An existing bid (the `pick`th by uuid) with new values, as an event applied in memory leaves it. */
type Change = { pick: number; status: string; deleted: boolean; comparison: number; interest: number };
type Write =
  | { kind: 'insert'; bids: { id: string; bid: NewBid }[] }
  | { kind: 'update'; pick: number; status: string; deleted: boolean }
  | { kind: 'upsert'; bids: { id: string; bid: NewBid }[]; changes: Change[] }
  | { kind: 'delete'; pick: number };

// Few distinct rates and times, so ties (broken by time, then by uuid) come up often.
const newBid = fc.record({
  post: fc.integer({ min: 0, max: POSTS.length - 1 }),
  comparison: fc.constantFrom(5.1, 5.2, 5.3),
  interest: fc.constantFrom(5.0, 5.1, 5.2),
  minute: fc.integer({ min: 0, max: 2 }),
  status: fc.constantFrom('active', 'active', 'active', 'cancelled'),
  deleted: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  anonymous: fc.boolean(),
  showPrivate: fc.boolean(),
});
const newBids = fc.array(fc.record({ id: fc.uuid(), bid: newBid }), { minLength: 1, maxLength: 5 });
const change: fc.Arbitrary<Change> = fc.record({
  pick: fc.nat(),
  status: fc.constantFrom('active', 'cancelled', 'accepted', 'expired'),
  deleted: fc.boolean(),
  comparison: fc.constantFrom(5.1, 5.2, 5.3),
  interest: fc.constantFrom(5.0, 5.1, 5.2),
});
const write: fc.Arbitrary<Write> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), bids: newBids }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('upsert' as const), bids: newBids, changes: fc.array(change, { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), status: fc.constantFrom('active', 'cancelled', 'accepted', 'expired'), deleted: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction().execute(async (trx) => {
    await sql`create schema ${sql.id(SCHEMA)}`.execute(trx);
    await inSchema(trx);
    await bidsProjection.createTables(trx);
  });
});
afterAll(async () => {
  await database.close();
});

describe('post_leading_bids', () => {
  it('equals a recompute from the bids after any sequence of inserts, upserts, updates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 10 }), async (writes) => {
        await rolledBack(async (trx) => {
          await inSchema(trx);
          for (const w of writes) {
            await apply(trx, w);
            const kept = await leaders(trx);
            await sql`select lead_post_bids(${POSTS}::uuid[])`.execute(trx);
            expect(kept).toEqual(await leaders(trx));
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it('takes a new bid as the leader only when it leads', async () => {
    await rolledBack(async (trx) => {
      await inSchema(trx);
      const bid = (id: string, comparison: number, interest: number, minute: number): Write => ({
        kind: 'insert',
        bids: [{ id, bid: { post: 0, comparison, interest, minute, status: 'active', deleted: false, anonymous: false, showPrivate: false } }],
      });
      await apply(trx, bid('10000000-0000-4000-8000-000000000001', 5.2, 5.0, 0));
      await apply(trx, bid('10000000-0000-4000-8000-000000000002', 5.1, 5.1, 1)); // leads by comparison rate only
      await apply(trx, bid('10000000-0000-4000-8000-000000000003', 5.1, 5.0, 2)); // ties both, placed later: leads neither
      expect(await leaders(trx)).toEqual([
        expect.objectContaining({ post_id: POSTS[0], cr_uuid: '10000000-0000-4000-8000-000000000002', ir_uuid: '10000000-0000-4000-8000-000000000001' }),
      ]);
    });
  });
});

class RolledBack extends Error {}

/** Runs `work` in a transaction that is always rolled back, so every run starts from empty tables. */
async function rolledBack(work: (trx: QueryExecutorProvider) => Promise<void>): Promise<void> {
  try {
    await database.db.transaction().execute(async (trx) => {
      await work(trx);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}

async function inSchema(trx: QueryExecutorProvider): Promise<void> {
  await sql`select set_config('search_path', ${`"${SCHEMA}", public`}, true)`.execute(trx);
}

const columns = sql`uuid, post_id, provider_id, organisation_uuid, status, bid_type, show_private, origin, interest_rate, comparison_rate, maximum_lvr,
  rate_type, repayment_type, loan_amount, monthly_repayment, auto_declare_eligible, form, deleted, placed_by, created_at, updated_at`;

const newRow = ({ id, bid }: { id: string; bid: NewBid }) => sql`(${id}::uuid, ${POSTS[bid.post]}::uuid, ${PEOPLE}::uuid, ${PEOPLE}::uuid, ${bid.status},
  ${bid.anonymous ? 'anonymous' : 'normal'}, ${bid.showPrivate}, 'manual', ${bid.interest}::float8, ${bid.comparison}::float8, 90::float8, 'variable',
  'principal_and_interest', 500000::float8, 3000::float8, true, '{}'::jsonb, ${bid.deleted}, ${PEOPLE}::uuid, ${`2026-11-21T10:0${bid.minute}:00Z`}::timestamptz, now())`;

async function apply(trx: QueryExecutorProvider, w: Write): Promise<void> {
  if (w.kind === 'insert') {
    // As the projection wrote them before it was set-based: a bid seen again is not inserted twice.
    await sql`insert into bids (${columns}) values ${sql.join(w.bids.map(newRow))} on conflict (uuid) do nothing`.execute(trx);
    return;
  }
  const { rows } = await sql<Record<string, unknown> & { uuid: string }>`select * from bids order by uuid`.execute(trx);
  if (w.kind === 'upsert') {
    // As BatchRows.flush writes a batch: every row once (an upsert may not touch a row twice), whole, in one statement.
    const changed = new Map<string, Record<string, unknown>>();
    if (rows.length > 0) {
      for (const c of w.changes) {
        const row = rows[c.pick % rows.length]!;
        if (!changed.has(row.uuid)) changed.set(row.uuid, { ...row, status: c.status, deleted: c.deleted, comparison_rate: c.comparison, interest_rate: c.interest });
      }
    }
    const fresh = w.bids.filter(({ id }, i) => !changed.has(id) && !rows.some((row) => row.uuid === id) && w.bids.findIndex((b) => b.id === id) === i);
    const changedRows = [...changed.values()].map(
      (row) => sql`(${row.uuid}::uuid, ${row.post_id}::uuid, ${row.provider_id}::uuid, ${row.organisation_uuid}::uuid, ${row.status}, ${row.bid_type},
        ${row.show_private}, ${row.origin}, ${row.interest_rate}::float8, ${row.comparison_rate}::float8, ${row.maximum_lvr}::float8, ${row.rate_type},
        ${row.repayment_type}, ${row.loan_amount}::float8, ${row.monthly_repayment}::float8, ${row.auto_declare_eligible}, '{}'::jsonb, ${row.deleted},
        ${row.placed_by}::uuid, ${row.created_at}::timestamptz, now())`,
    );
    await sql`insert into bids (${columns}) values ${sql.join([...fresh.map(newRow), ...changedRows])}
      on conflict (uuid) do update set status = excluded.status, deleted = excluded.deleted, comparison_rate = excluded.comparison_rate,
        interest_rate = excluded.interest_rate, updated_at = excluded.updated_at`.execute(trx);
    return;
  }
  if (rows.length === 0) return;
  const target = rows[w.pick % rows.length]!.uuid;
  if (w.kind === 'update') await sql`update bids set status = ${w.status}, deleted = ${w.deleted} where uuid = ${target}`.execute(trx);
  else await sql`delete from bids where uuid = ${target}`.execute(trx);
}

async function leaders(trx: QueryExecutorProvider): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from post_leading_bids order by post_id`.execute(trx);
  return rows;
}
