import type { DealActivityType } from '../../domain/deal/schemas';
import type { DealStage } from '../../domain/deal/stages';

// The tables `createTables` in statistics.ts makes. Handlers write them in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface StatisticsDailyTable {
  day: string;
  posts_created: number;
  bids_placed: number;
  deals_opened: number;
  deals_accepted: number;
  deals_contacted: number;
  deals_applied: number;
  deals_closed_won: number;
  deals_closed_lost: number;
  deals_on_hold: number;
  /** Cohort of the posts published that day: how many got a deal, how many of those are settled now. */
  posts_with_deal: number;
  posts_settled: number;
  /** Deals whose closed won activity is dated that day, and their value. */
  settled_count: number;
  settled_volume: number;
  /** Accepted auction bids (deals opened that day): sum of their interest rates and how many. */
  winning_rate_sum: number;
  winning_rate_count: number;
  /** First bids of posts placed that day: sum of their rates and of the seconds since the post's publication. */
  first_bid_count: number;
  first_bid_rate_sum: number;
  response_seconds_sum: number;
}

/** Each published post: its day and whether it has had a bid (the first bid's figures count once). */
export interface StatisticsPostsTable {
  post_id: string;
  published_day: string;
  published_at: Date;
  first_bid_at: Date | null;
}

/** Each auction bid's interest rate (as last edited), for the winning rate when it is accepted. */
export interface StatisticsBidsTable {
  bid_id: string;
  post_id: string;
  interest_rate: number;
}

export type Activity = { activity_id: string; activity_type: DealActivityType; amount: number | null; activity_date: string; deleted: boolean };

/** Each deal with what it contributes now (its stage on its opening day; its settlement). */
export interface StatisticsDealsTable {
  deal_id: string;
  post_id: string;
  external: boolean;
  opened_day: string;
  loan_amount: number;
  stage: DealStage;
  activities: Activity[];
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface StatisticsTables {
  statistics_daily: StatisticsDailyTable;
  statistics_posts: StatisticsPostsTable;
  statistics_bids: StatisticsBidsTable;
  statistics_deals: StatisticsDealsTable;
}
