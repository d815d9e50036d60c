import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sydney } from '../../domain/post/test-fixtures';
import { ensureAnalyticsRole } from '../../infrastructure/database/analytics-role';
import { refreshAnalyticsViews } from '../../projections/analytics/analytics-views';
import { analyticsViews } from '../../projections/analytics/views';
import { rebuildProjections } from '../../projections/rebuild';
import { postsProjection } from '../../projections/posts/posts';
import { consumersFor } from '../../application/consumers';
import { ProjectionRunner } from '../../projections/runner';
import { workedQuestion } from '../support/analytics-docs';
import { createTestApp, type TestApp } from '../support/test-app';
import { acceptBid, activePost, type ActivePost, placeBid, projectionsIdle, provider, type TestProvider } from '../support/trade';

// The worked questions of docs/analytics.md, as written there, on a small marketplace made through the product's own
// commands, read by the analysts' role; then every projection rebuilt and swapped in (`npm run projections:rebuild`):
// the views are still there, over the new builds, with the same answers, and the role still reads only them.

let now = new Date('2026-10-04T23:00:00Z'); // Monday 05/10/2026 10:00 in Sydney (AEDT)
const at = (sydneyTime: string) => {
  now = new Date(`${sydneyTime}+11:00`);
};
const role = `analyst_${randomBytes(4).toString('hex')}`;
const password = `analytics-${randomBytes(8).toString('hex')}`;
let t: TestApp;
let lender: TestProvider;
let broker: TestProvider;

/** Runs `statement` as the analysts' role, in a transaction of its own. */
async function asAnalyst<T>(statement: string): Promise<T[]> {
  return t.database.db.transaction().execute(async (trx) => {
    await sql.raw(`set local role ${role}`).execute(trx);
    return (await sql.raw<T>(statement).execute(trx)).rows;
  });
}

/** A query's rows as JSON (dates as text, numbers as numbers), read by the analysts' role. */
async function analystReads(query: string): Promise<Record<string, unknown>[]> {
  const rows = await asAnalyst<{ row: string }>(`select row_to_json(q)::text as row from (${query.replace(/;\s*$/, '')}) q`);
  return rows.map((r) => JSON.parse(r.row) as Record<string, unknown>);
}

async function acceptedBy(post: ActivePost, bidId: string): Promise<void> {
  const accepted = await acceptBid(t, post, bidId);
  expect(accepted.statusCode, accepted.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  lender = await provider(t, { organisationName: 'Analytics Bank', organisationType: 'financial_institution' });
  broker = await provider(t, { organisationName: 'Analytics Brokers' });
  // Week of 05/10: a post in NSW (bids after 2 h and 5 h; the first accepted), one in VIC (a bid after 30 min, accepted).
  const p1 = await activePost(t);
  at('2026-10-05T12:00:00');
  const p1Lender = await placeBid(t, lender, p1.homeLoanId);
  at('2026-10-05T15:00:00');
  await placeBid(t, broker, p1.homeLoanId);
  at('2026-10-06T10:00:00');
  const p2 = await activePost(t, { loan: { user_address: { ...sydney, state: 'VIC', suburb: 'Melbourne', postcode: '3000', latitude: -37.81, longitude: 144.96 } } });
  at('2026-10-06T10:30:00');
  const p2Broker = await placeBid(t, broker, p2.homeLoanId);
  at('2026-10-06T11:00:00');
  await acceptedBy(p1, p1Lender);
  at('2026-10-06T12:00:00');
  await acceptedBy(p2, p2Broker);
  // Week of 12/10: a post in NSW, bids after 1 h and 2 h, none accepted.
  at('2026-10-12T10:00:00');
  const p3 = await activePost(t);
  at('2026-10-12T11:00:00');
  await placeBid(t, lender, p3.homeLoanId);
  at('2026-10-12T12:00:00');
  await placeBid(t, broker, p3.homeLoanId);
  await projectionsIdle(t);
  await ensureAnalyticsRole(t.database.db, role, password);
});

afterAll(async () => {
  if (t) {
    // Roles belong to the whole server: this test's goes with it.
    await sql.raw(`drop owned by ${role}`).execute(t.database.db);
    await sql.raw(`drop role if exists ${role}`).execute(t.database.db);
  }
  await t?.close();
});

async function expectWorkedAnswers(): Promise<void> {
  expect(await analystReads(workedQuestion('Posts per week by state'))).toEqual([
    { week: '2026-10-05', state: 'NSW', posts: 1 },
    { week: '2026-10-05', state: 'VIC', posts: 1 },
    { week: '2026-10-12', state: 'NSW', posts: 1 },
  ]);
  expect(await analystReads(workedQuestion('Time from publication to first bid'))).toEqual([
    { week: '2026-10-05', posts_published: 2, posts_with_a_bid: 2, median_minutes_to_first_bid: 75 },
    { week: '2026-10-12', posts_published: 1, posts_with_a_bid: 1, median_minutes_to_first_bid: 60 },
  ]);
  expect(await analystReads(workedQuestion('Acceptance rate by lender'))).toEqual([
    { organisation_id: lender.organisationUuid, lender: 'Analytics Bank', bids: 2, accepted: 1, acceptance_rate_percent: 50.0 },
    { organisation_id: broker.organisationUuid, lender: 'Analytics Brokers', bids: 3, accepted: 1, acceptance_rate_percent: 33.3 },
  ]);
}

/** Whether the analysts' role may run `statement` (a refusal is a permission error, nothing else). */
async function analystMay(statement: string): Promise<boolean> {
  try {
    await asAnalyst(statement);
    return true;
  } catch (error) {
    expect((error as Error).message).toMatch(/permission denied|read-only transaction/);
    return false;
  }
}

async function expectOnlyAnalyticsReadable(): Promise<void> {
  for (const view of analyticsViews) expect(await analystMay(`select count(*) from analytics.${view.name}`), view.name).toBe(true);
  const { rows } = await sql<{ schema_name: string }>`select schema_name from projection_builds where name = 'posts' and status = 'live'`.execute(t.database.db);
  for (const table of ['public.posts', 'public.users', 'events', 'personal_data_keys', 'outbox_messages', `"${rows[0]!.schema_name}".posts`]) {
    expect(await analystMay(`select count(*) from ${table}`), table).toBe(false);
  }
  expect(await analystMay(`create view analytics.mine as select 1 as one`)).toBe(false);
}

describe('the analysts', () => {
  it('get the documented answers to the worked questions, and read nothing but the analytics views', async () => {
    await expectWorkedAnswers();
    await expectOnlyAnalyticsReadable();
  });

  it('keep their views and answers through a rebuild of every projection', async () => {
    const consumers = consumersFor({ publicUrl: 'http://localhost:3000', secrets: t.secrets }).filter((c) => c.kind === 'projection');
    const liveSchemas = async () =>
      (await sql<{ name: string; schema_name: string }>`select name, schema_name from projection_builds where status = 'live' and name in (${sql.join(consumers.map((c) => c.name))}) order by name`.execute(t.database.db)).rows;
    const before = await liveSchemas();
    const errors: unknown[] = [];
    const rebuilder = new ProjectionRunner({ db: t.database.db, store: t.store, consumers, drivesBuilds: true, onError: (error) => errors.push(error) });
    await rebuildProjections(t.database.db, rebuilder, consumers);
    expect(errors).toEqual([]);
    const after = await liveSchemas();
    expect(after.map((b) => b.name)).toEqual(before.map((b) => b.name));
    for (const build of after) expect(before.map((b) => b.schema_name), build.name).not.toContain(build.schema_name);

    await expectWorkedAnswers();
    await expectOnlyAnalyticsReadable();
  });

  it('keep their views and answers when a projection comes in a new version', async () => {
    const bumped = { ...postsProjection, version: postsProjection.version + 1 };
    const errors: unknown[] = [];
    await new ProjectionRunner({ db: t.database.db, store: t.store, consumers: [bumped], onError: (error) => errors.push(error) }).catchUp();
    expect(errors).toEqual([]);
    const { rows } = await sql<{ version: number }>`select version from projection_builds where name = 'posts' and status = 'live'`.execute(t.database.db);
    expect(rows).toEqual([{ version: bumped.version }]);
    await expectWorkedAnswers();
    await expectOnlyAnalyticsReadable();
  });

  it('find at a start the views as the code defines them, readable again', async () => {
    await sql`create view analytics.leftover as select 1 as one`.execute(t.database.db);
    await sql`drop view analytics.bids`.execute(t.database.db);
    await sql`comment on view analytics.posts is 'an older definition'`.execute(t.database.db);
    expect(await refreshAnalyticsViews(t.database.db)).toEqual([]);
    const { rows } = await sql<{ name: string; comment: string }>`
      select c.relname as name, obj_description(c.oid, 'pg_class') as comment from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'analytics' and c.relkind = 'v' order by 1`.execute(t.database.db);
    expect(rows.map((r) => r.name)).toEqual(analyticsViews.map((v) => v.name).sort());
    expect(rows.find((r) => r.name === 'posts')!.comment).toMatch(/^See docs\/analytics\.md\. Definition [0-9a-f]{16}\.$/);
    await expectWorkedAnswers(); // the views made again are readable by the role (default privileges)
  });

  it('keep a view as it was when its new definition fails, and get every other', async () => {
    const changed = analyticsViews.map((view) => (view.name === 'posts' ? { ...view, query: 'select no_such_column from public.posts' } : view));
    const broken = { name: 'broken', reads: ['bids'], query: 'select nothing_here from public.bids' };
    await sql`drop view analytics.deals`.execute(t.database.db);
    const failures = await refreshAnalyticsViews(t.database.db, [...changed, broken]);
    expect(failures.map((f) => f.view)).toEqual(['posts', 'broken']);
    expect(failures[0]!.message).toMatch(/no_such_column/);
    await expectWorkedAnswers(); // posts as it was, deals made again
    const { rows } = await sql<{ broken: string | null }>`select to_regclass('analytics.broken')::text as broken`.execute(t.database.db);
    expect(rows[0]!.broken).toBeNull();
  });

  it('log in to the server with the role (PostgreSQL server only)', async ({ skip }) => {
    if (!t.database.url) return skip('embedded PGlite takes no connections');
    const url = new URL(t.database.url);
    const client = new pg.Client({ host: url.hostname, port: Number(url.port || 5432), database: url.pathname.slice(1), user: role, password });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from analytics.posts');
      expect(rows[0]!.n).toBe(3);
      await expect(client.query('select count(*) from public.posts')).rejects.toThrow(/permission denied/);
      await expect(client.query('select count(*) from events')).rejects.toThrow(/permission denied/);
    } finally {
      await client.end();
    }
  });
});
