import { sql } from 'kysely';
import type { Database } from '../../infrastructure/database/database';
import { benchConfig as config } from './config';
import { dropDatabase } from './admin';
import { int, latencyTable, mark, ms } from './report';
import type { Task, TaskResult } from './tasks';

// The admin's statistics panel (issue 6 item 6; docs/statistics.md "Performance"): its query over All Time on the
// read model of 100,000 posts and 1,000,000 bids that the dashboards' seed wrote (workloads/dashboard-seed.ts).

const TEN_YEARS_OF_DAYS = 3653;

async function liveSchema(db: Database, table: string): Promise<string> {
  const { rows } = await sql<{ table_schema: string }>`
    select table_schema from information_schema.tables
    where table_name = ${table} and table_schema in (select schema_name from projection_builds where status = 'live')`.execute(db);
  const schema = rows[0]?.table_schema;
  if (!schema) throw new Error(`no live projection table ${table}: is its projection registered?`);
  return schema;
}

/**
 * The statistics projection's per-day rows, consistent with the seeded posts and bids: the days they cover (the last
 * year) are their aggregates (posts by publication day and final status, bids by day); every older day of the ten
 * years gets a row too, with a few posts and bids (about 6,600 posts and 66,000 bids in all), so All Time sums a full
 * 3,653 rows, the most a ten-year range can, while the totals stay near 100,000 posts and 1,000,000 bids.
 * One statement of ~3,650 rows: a short transaction.
 */
export async function seedStatistics(db: Database): Promise<string> {
  const [statistics, posts, bids] = await Promise.all([liveSchema(db, 'statistics_daily'), liveSchema(db, 'posts'), liveSchema(db, 'bids')]);
  const h = (salt: number) => `(hashint8(g::bigint * 64 + ${salt}) & 2147483647)`;
  await sql
    .raw(
      `insert into "${statistics}".statistics_daily (day, posts_created, bids_placed, deals_opened, deals_accepted, deals_closed_won,
        deals_closed_lost, posts_with_deal, posts_settled, settled_count, settled_volume, winning_rate_sum, winning_rate_count,
        first_bid_count, first_bid_rate_sum, response_seconds_sum)
      with days as (select (current_date - g)::date as day, g from generate_series(0, ${TEN_YEARS_OF_DAYS - 1}) g),
      post_days as (
        select (published_at at time zone 'Australia/Sydney')::date as day, count(*)::int as n,
          count(*) filter (where status in ('opportunity', 'closed_won', 'closed_lost'))::int as deals,
          count(*) filter (where status = 'opportunity')::int as accepted,
          count(*) filter (where status = 'closed_won')::int as won,
          count(*) filter (where status = 'closed_lost')::int as lost,
          coalesce(sum(loan_amount) filter (where status = 'closed_won'), 0)::float8 as volume
        from "${posts}".posts where published_at is not null group by 1),
      bid_days as (
        select (created_at at time zone 'Australia/Sydney')::date as day, count(*)::int as n, sum(interest_rate)::float8 as rate_sum
        from "${bids}".bids group by 1),
      filled as (
        select d.day,
          coalesce(p.n, 1 + ${h(1)} % 3) as posts, coalesce(b.n, 10 + ${h(2)} % 20) as bids,
          coalesce(b.rate_sum / nullif(b.n, 0), 5.9) as rate,
          coalesce(p.deals, ${h(3)} % 2) as deals, coalesce(p.accepted, 0) as accepted,
          coalesce(p.won, ${h(3)} % 2) as won, coalesce(p.lost, 0) as lost,
          coalesce(p.volume, (${h(3)} % 2) * 650000.0) as volume
        from days d left join post_days p on p.day = d.day left join bid_days b on b.day = d.day)
      select day, posts, bids, deals, accepted, won, lost, deals, won, won, volume, deals * (rate - 0.4), deals,
        (posts * 9) / 10, ((posts * 9) / 10) * (rate + 0.2), ((posts * 9) / 10) * 3 * 3600.0
      from filled
      on conflict (day) do nothing`,
    )
    .execute(db);
  await sql.raw(`vacuum analyze "${statistics}".statistics_daily`).execute(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(statistics, 'statistics_daily')}`.execute(db);
  return `statistics_daily ${int(rows[0]!.n)} days`;
}

type Runner = { measure(label: string, task: Task): Promise<TaskResult> };

/** The panel's All Time query on the dashboards' read model (the database `url` the dashboard seed filled). */
export async function statisticsWorkload({ measure }: Runner, url: string): Promise<{ label: string; result: TaskResult }> {
  const label = 'statistics panel, All Time (10 years of days), totals and monthly series';
  const result = await measure(label, {
    kind: 'statistics-query',
    url,
    runs: config.dashboardRuns,
    warmupRuns: config.dashboardWarmupRuns,
    maxSeconds: config.dashboardMaxSeconds,
  });
  return { label, result };
}

type Group = { name: string; url: string };

/** `npm run bench -- statistics`: the dashboards' read model seeded, then only the statistics panel timed on it. */
export async function statisticsOnly({ freshDatabase, measure }: Runner & { freshDatabase(): Promise<Group> }): Promise<{ label: string; result: TaskResult }> {
  const readModel = await freshDatabase();
  await measure(`seed the read model: ${int(config.dashboardPosts)} posts, ${int(config.dashboardBids)} bids (not a result)`, {
    kind: 'dashboard-seed',
    url: readModel.url,
    posts: config.dashboardPosts,
    bids: config.dashboardBids,
  });
  const statistics = await statisticsWorkload({ measure }, readModel.url);
  await dropDatabase(readModel.name);
  return statistics;
}

export function printStatistics({ label, result }: { label: string; result: TaskResult }): void {
  const p99 = result.latency?.p99 ?? Number.POSITIVE_INFINITY;
  const met = p99 < config.statisticsP99TargetMs;
  console.log('\nStatistics');
  console.log(latencyTable([{ workload: label, result, target: { text: `p99 < ${config.statisticsP99TargetMs} ms`, met } }]));
  console.log('\nTargets');
  console.log(`  ${mark(met)}  statistics panel over All Time: p50 ${ms(result.latency?.p50 ?? 0)} ms, p99 ${ms(p99)} ms (target p99 < ${config.statisticsP99TargetMs} ms)`);
  console.log('\nNotes');
  for (const note of result.notes ?? []) console.log(`  ${note}`);
}
