import fc from 'fast-check';
import { type Kysely, type QueryExecutorProvider, sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardQuery, DashboardSortKey } from '../../domain/post/dashboard';
import type { DatabaseSchema } from '../../infrastructure/database/database';
import { findNode, planOfStatement } from '../../tests/support/query-plans';
import { createTestDatabase, serverUrl, type TestDatabase } from '../../tests/support/test-database';
import { bidsProjection } from '../bids/bids';
import { organisationsProjection } from '../organisations/organisations';
import { usersProjection } from '../users/users';
import { type DashboardScope, listDashboardPosts } from './dashboard-queries';
import { postsProjection } from './posts';

// The dashboards' pages sorted by the post's own columns (docs/performance.md "Deep pages"): read page after page
// they give every matching post once, in the order asked with ties by uuid, and the kept total; and a provider's
// deep page is read off one index of the open posts (no sort of every open post, which grew with the store).

const SCHEMA = 'dashboard_pages_test';
const PEOPLE = '00000000-0000-4000-8000-0000000000ff';
const PROVIDER = '00000000-0000-4000-8000-0000000000fe';
const postKeys = ['created_at', 'review_bids_on', 'bidding_period_expiry_on', 'loan_amount', 'lvr'] as const satisfies readonly DashboardSortKey[];
type PostKey = (typeof postKeys)[number];

type NewPost = {
  id: string;
  status: string;
  prioritised: boolean;
  deleted: boolean;
  state: string | null;
  loan_type: string;
  created: number;
  review: number | null;
  expiry: number | null;
  amount: number | null;
  lvr: number | null;
};

// Few distinct values and nulls, so ties (broken by uuid) and posts without a figure come up often.
const day = (n: number) => new Date(Date.UTC(2026, 10, 20 + n)).toISOString();
const newPost: fc.Arbitrary<NewPost> = fc.record({
  id: fc.uuid(),
  status: fc.constantFrom('active', 'active', 'review', 'pending', 'expired'),
  prioritised: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  deleted: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  state: fc.constantFrom('NSW', 'VIC', null),
  loan_type: fc.constantFrom('refinance', 'new_loan'),
  created: fc.integer({ min: 0, max: 2 }),
  review: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  expiry: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  amount: fc.option(fc.constantFrom(300_000, 500_000), { nil: null }),
  lvr: fc.option(fc.constantFrom(60, 80), { nil: null }),
});
const scope: fc.Arbitrary<DashboardScope> = fc.oneof(
  fc.constant({ role: 'admin' as const }),
  fc.boolean().map((priority) => ({ role: 'fsp' as const, providerId: PROVIDER, priority })),
);
const sorting = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...postKeys), fc.constantFrom('asc' as const, 'desc' as const)), { minLength: 1, maxLength: 2, selector: ([key]) => key })
  .map((pairs) => Object.fromEntries(pairs) as Partial<Record<PostKey, 'asc' | 'desc'>>);
const filter = fc.record(
  { states: fc.subarray(['NSW', 'VIC'] as const, { minLength: 1 }), loan_type: fc.subarray(['refinance', 'new_loan'] as const, { minLength: 1 }) },
  { requiredKeys: [] },
);

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.transaction().execute(async (trx) => {
    await sql`create schema ${sql.id(SCHEMA)}`.execute(trx);
    await inSchema(trx);
    for (const projection of [postsProjection, bidsProjection, usersProjection, organisationsProjection]) await projection.createTables(trx);
  });
});
afterAll(async () => {
  await database.close();
});

describe('the dashboards’ pages sorted by the post’s columns', () => {
  it('give every matching post once, in the order asked with ties by uuid, and the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(newPost, { minLength: 0, maxLength: 25, selector: (p) => p.id }),
        scope,
        sorting,
        fc.option(filter, { nil: undefined }),
        fc.integer({ min: 1, max: 4 }),
        async (posts, scope, sorting, filter, count) => {
          await rolledBack(async (trx) => {
            await inSchema(trx);
            await insertPosts(trx, posts);
            const expected = reference(posts, scope, sorting, filter);
            const size = scope.role === 'fsp' && scope.priority ? 100 : count;
            const seen: string[] = [];
            for (let page = 1; page <= Math.ceil(expected.length / size) + 1; page++) {
              const query = { page, count, sorting, filter } as DashboardQuery;
              const { total_records, result } = await listDashboardPosts(trx, scope, query);
              expect(total_records).toBe(expected.length);
              seen.push(...result.map((row) => row.uuid));
            }
            expect(seen).toEqual(expected);
          });
        },
      ),
      { numRuns: 80 },
    );
  });

  // The server's plans: production runs on it, and the embedded run has no URL for the connection that logs the SQL.
  it.skipIf(!serverUrl).each(postKeys.flatMap((key) => (['asc', 'desc'] as const).map((direction) => [key, direction] as const)))(
    'read a provider’s page 20 sorted by %s %s by an index-only scan of the open posts, without sorting them',
    async (key, direction) => {
      try {
        const plan = await planOfStatement(
          database.url!,
          SCHEMA,
          async (db) => {
            await seedOpenPosts(db);
            await listDashboardPosts(db, { role: 'fsp', providerId: PROVIDER, priority: false }, { page: 20, count: 25, sorting: { [key]: direction } } as DashboardQuery);
          },
          (statement) => statement.includes('page as materialized'),
        );
        const page = findNode(plan, (node) => node['Subplan Name'] === 'CTE page')!;
        expect(findNode(page, (node) => node['Node Type'].includes('Sort'))).toBeUndefined();
        expect(findNode(page, (node) => String(node['Index Name'] ?? '').startsWith('posts_open_'))).toMatchObject({ 'Node Type': 'Index Only Scan' });
      } finally {
        await database.db.transaction().execute(async (trx) => {
          await inSchema(trx);
          await sql`truncate posts, post_counts`.execute(trx);
        });
      }
    },
  );
});

/** 20,000 posts, a quarter open to bids, their figures spread, analysed as autovacuum would leave them. */
async function seedOpenPosts(db: Kysely<DatabaseSchema>): Promise<void> {
  await sql`
    insert into posts (uuid, owner_id, product_id, status, origin, loan_type, loan_amount, lvr, created_at, review_bids_on, bidding_period_expiry_on, prioritised, updated_at)
    select gen_random_uuid(), ${PEOPLE}::uuid, ${PEOPLE}::uuid, case when i % 4 = 0 then 'active' else 'closed_won' end, 'auction', 'refinance',
      (i * 7919) % 1000000, (i * 31) % 90, now() - i * interval '1 minute', now() + (i % 997) * interval '1 hour', now() + (i % 991) * interval '1 hour', i % 20 = 0, now()
    from generate_series(1, 20000) i`.execute(db);
  await sql`analyze posts`.execute(db);
}

class RolledBack extends Error {}

/** Runs `work` in a transaction that is always rolled back, so every run starts from empty tables. */
async function rolledBack(work: (trx: Transaction<DatabaseSchema>) => Promise<void>): Promise<void> {
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

async function insertPosts(trx: QueryExecutorProvider, posts: NewPost[]): Promise<void> {
  if (posts.length === 0) return;
  const rows = posts.map(
    (p) => sql`(${p.id}::uuid, ${PEOPLE}::uuid, ${PEOPLE}::uuid, ${p.status}, 'auction', ${p.loan_type}, ${p.amount}::float8, ${p.lvr}::float8, ${p.state},
      ${day(p.created)}::timestamptz, ${p.review === null ? null : day(p.review)}::timestamptz, ${p.expiry === null ? null : day(p.expiry)}::timestamptz,
      ${p.prioritised}, ${p.deleted}, now())`,
  );
  await sql`insert into posts (uuid, owner_id, product_id, status, origin, loan_type, loan_amount, lvr, property_state, created_at, review_bids_on,
      bidding_period_expiry_on, prioritised, deleted, updated_at) values ${sql.join(rows)}`.execute(trx);
}

const figureOf = (post: NewPost, key: PostKey): number | null =>
  ({ created_at: post.created, review_bids_on: post.review, bidding_period_expiry_on: post.expiry, loan_amount: post.amount, lvr: post.lvr })[key];

/** The list worked out in memory: the scope's and the filter's posts, sorted with nulls last either way, then by uuid. */
function reference(posts: NewPost[], scope: DashboardScope, sorting: Partial<Record<PostKey, 'asc' | 'desc'>>, filter: DashboardQuery['filter']): string[] {
  // In the order the query names them, as listDashboardPosts takes them.
  const keys = Object.entries(sorting) as [PostKey, 'asc' | 'desc'][];
  const uuidOf = (p: NewPost) => p.id.toLowerCase();
  return posts
    .filter((p) => !p.deleted)
    .filter((p) => (scope.role === 'admin' ? p.status !== 'pending' : ['active', 'review'].includes(p.status) && p.prioritised === (scope.role === 'fsp' && scope.priority)))
    .filter((p) => !filter?.states || (p.state !== null && (filter.states as string[]).includes(p.state)))
    .filter((p) => !filter?.loan_type || (filter.loan_type as string[]).includes(p.loan_type))
    .sort((a, b) => {
      for (const [key, direction] of keys) {
        const [x, y] = [figureOf(a, key), figureOf(b, key)];
        if (x === y) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        return direction === 'asc' ? x - y : y - x;
      }
      return uuidOf(a) < uuidOf(b) ? -1 : 1;
    })
    .map(uuidOf);
}
