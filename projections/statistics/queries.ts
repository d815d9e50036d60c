import { sql } from 'kysely';
import { type Bucket, bucketsOf, type DayRange } from '../../domain/statistics/range';
import { averageOf, type DashboardStatistics, percentOf, type StatisticsPoint } from '../../domain/statistics/schemas';
import type { Database } from '../../infrastructure/database/database';
import type { StatisticsDailyTable } from './tables';

// The statistics panel's one question (api/routes/statistics.ts): the range's totals and its chart series, both
// from the per-day rows (at most ~3,650 for ten years) in one round trip.

/** Every counter and sum of a day row, summed over the range. */
type Totals = Omit<StatisticsDailyTable, 'day'>;

const totalColumns = [
  'posts_created',
  'bids_placed',
  'deals_opened',
  'deals_accepted',
  'deals_contacted',
  'deals_applied',
  'deals_closed_won',
  'deals_closed_lost',
  'deals_on_hold',
  'posts_with_deal',
  'posts_settled',
  'settled_count',
  'settled_volume',
  'winning_rate_sum',
  'winning_rate_count',
  'first_bid_count',
  'first_bid_rate_sum',
  'response_seconds_sum',
] as const satisfies readonly (keyof Totals)[];
// Every column of the day row, none twice: a column added to the table and not here fails to compile.
type Missing = Exclude<keyof Totals, (typeof totalColumns)[number]>;
const allColumns: [Missing] extends [never] ? true : Missing = true;
void allColumns;

const rounded = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));

export async function dashboardStatistics(db: Database, range: DayRange, bucket: Bucket): Promise<DashboardStatistics> {
  // One statement: every column summed per bucket (at most ~120 months for ten years); the totals are the buckets'
  // sums, added up here rather than in a second round trip.
  const rows = await db
    .selectFrom('statistics_daily')
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .select([
      sql<string>`to_char(date_trunc(${bucket}, day::timestamp), 'YYYY-MM-DD')`.as('period'),
      ...totalColumns.map((column) => sql<number>`sum(${sql.ref(column)})::float8`.as(column)),
    ])
    .groupBy(sql`1`)
    .execute();
  const totals = Object.fromEntries(totalColumns.map((column) => [column, 0])) as Totals;
  for (const row of rows) for (const column of totalColumns) totals[column] += row[column];
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  const series: StatisticsPoint[] = bucketsOf(range, bucket).map((period) => {
    const row = byPeriod.get(period);
    return {
      period,
      posts_created: row?.posts_created ?? 0,
      bids_placed: row?.bids_placed ?? 0,
      deals_opened: row?.deals_opened ?? 0,
      settled_count: row?.settled_count ?? 0,
      settled_volume: Math.round(row?.settled_volume ?? 0),
    };
  });
  return {
    from: range.from,
    to: range.to,
    posts_created: totals.posts_created,
    bids_placed: totals.bids_placed,
    deals_opened: totals.deals_opened,
    deals_by_stage: {
      accepted: totals.deals_accepted,
      contacted: totals.deals_contacted,
      applied: totals.deals_applied,
      closed_won: totals.deals_closed_won,
      closed_lost: totals.deals_closed_lost,
      on_hold: totals.deals_on_hold,
    },
    conversion: {
      posts: totals.posts_created,
      with_deal: totals.posts_with_deal,
      settled: totals.posts_settled,
      post_to_deal: rounded(percentOf(totals.posts_with_deal, totals.posts_created), 2),
      deal_to_settlement: rounded(percentOf(totals.posts_settled, totals.posts_with_deal), 2),
      post_to_settlement: rounded(percentOf(totals.posts_settled, totals.posts_created), 2),
    },
    settled: { count: totals.settled_count, volume: Math.round(totals.settled_volume) },
    rates: {
      average_winning_rate: rounded(averageOf(totals.winning_rate_sum, totals.winning_rate_count), 4),
      winning_bids: totals.winning_rate_count,
      average_first_bid_rate: rounded(averageOf(totals.first_bid_rate_sum, totals.first_bid_count), 4),
      first_bids: totals.first_bid_count,
    },
    response_time: { average_hours: rounded(averageOf(totals.response_seconds_sum / 3600, totals.first_bid_count), 2), posts: totals.first_bid_count },
    bucket,
    series,
  };
}
