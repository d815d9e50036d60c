import { z } from 'zod';
import { dealStages } from '../deal/stages';
import { rangeMessages } from './range';

// GET /v1/statistics/dashboard (spec 1 §2 "Dashboards", §7 "Dashboard statistics by date range"): the query and the
// answer, shared by the API and the admin's statistics panel. The bounds (01/01/2017 to today) depend on the day,
// so they are checked with `rangeErrors` (range.ts) where today is known. docs/statistics.md defines every figure.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, rangeMessages.invalidDate);

export const statisticsQuery = z.strictObject({ from: day, to: day });
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

const count = z.number().int();
/** A percentage (12.5 means 12.50%), null when there is nothing to divide by. */
const percentage = z.number().nullable();

export const statisticsPoint = z.object({
  /** The first day of the bucket (YYYY-MM-DD). */
  period: z.string(),
  posts_created: count,
  bids_placed: count,
  deals_opened: count,
  settled_count: count,
  settled_volume: z.number(),
});
export type StatisticsPoint = z.infer<typeof statisticsPoint>;

export const dashboardStatistics = z.object({
  from: z.string(),
  to: z.string(),
  /** Posts published (open for bids) in the range. */
  posts_created: count,
  /** Auction bids placed in the range. */
  bids_placed: count,
  /** Deals opened (bids accepted, and external deals recorded) in the range. */
  deals_opened: count,
  /** The deals opened in the range by the stage they are in now. */
  deals_by_stage: z.object(Object.fromEntries(dealStages.map((stage) => [stage, count])) as Record<(typeof dealStages)[number], typeof count>),
  /** The posts published in the range, how many of them have a deal, and how many of those settled (closed won). */
  conversion: z.object({
    posts: count,
    with_deal: count,
    settled: count,
    post_to_deal: percentage,
    deal_to_settlement: percentage,
    post_to_settlement: percentage,
  }),
  /** Deals settled (closed won dated) in the range and their value in AUD. */
  settled: z.object({ count, volume: z.number() }),
  rates: z.object({
    /** The average interest rate of the bids accepted in the range (auction deals). */
    average_winning_rate: z.number().nullable(),
    winning_bids: count,
    /** The average interest rate of each post's first bid, for first bids placed in the range. */
    average_first_bid_rate: z.number().nullable(),
    first_bids: count,
  }),
  /** Time from a post's publication to its first bid, for first bids placed in the range. */
  response_time: z.object({ average_hours: z.number().nullable(), posts: count }),
  bucket: z.enum(['day', 'week', 'month']),
  series: z.array(statisticsPoint),
});
export type DashboardStatistics = z.infer<typeof dashboardStatistics>;

/** part / whole as a percentage, null when whole is 0. */
export const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : (part * 100) / whole);
/** sum / n, null when n is 0. */
export const averageOf = (sum: number, n: number): number | null => (n === 0 ? null : sum / n);
