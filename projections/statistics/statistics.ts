import { type Selectable, sql } from 'kysely';
import type { BidPlaced, BidEdited } from '../../domain/bid/events';
import { dealValue } from '../../domain/deal/figures';
import type { DealActivityAdded, DealActivityDeleted, DealActivityEdited, DealOpened } from '../../domain/deal/events';
import type { PostPublished } from '../../domain/post/events';
import type { BidAcceptedOnPost } from '../../domain/post/lifecycle';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows } from '../batch-rows';
import type { Projection } from '../projection';
import { sydneyDay } from '../../domain/shared/sydney-time';
import type { Activity, StatisticsBidsTable, StatisticsDailyTable, StatisticsDealsTable, StatisticsPostsTable } from './tables';

// The admin's statistics panel (spec 1 §2 "Dashboards", issue 6 item 6; docs/statistics.md). Built for speed: one
// row per Sydney day with the day's counters and sums, so a range of ten years sums at most ~3,650 rows. Figures
// that follow a thing's current state (deals by stage, settled volume, settled posts) are moved between columns or
// days when the thing changes: the helper tables remember what each post, bid and deal contributes now.

type Counter = Exclude<keyof StatisticsDailyTable, 'day'>;
export type DayDeltas = Partial<Record<Counter, number>>;

const handled = new Set([
  'PostPublished',
  'BidPlaced',
  'BidEdited',
  'BidAcceptedOnPost',
  'DealOpened',
  'DealActivityAdded',
  'DealActivityEdited',
  'DealActivityDeleted',
]);
type Handled = PostPublished | BidPlaced | BidEdited | BidAcceptedOnPost | DealOpened | DealActivityAdded | DealActivityEdited | DealActivityDeleted;

const counters: Counter[] = [
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
];

export const statisticsProjection: Projection = {
  kind: 'projection',
  name: 'statistics',
  eventTypes: handled,
  // 2: the sums as exact decimals (numeric), written per batch.
  // 3: set-based handling (the helper rows read and written once per batch).
  version: 3,
  tables: ['statistics_daily', 'statistics_posts', 'statistics_bids', 'statistics_deals'],
  async createTables(trx) {
    const columns = counters.map((c) => `${c} ${isDecimal(c) ? 'numeric(20, 6)' : 'integer'} not null default 0`).join(',\n        ');
    await sql.raw(`create table statistics_daily (\n        day date primary key,\n        ${columns}\n      )`).execute(trx);
    await sql`
      create table statistics_posts (
        post_id uuid primary key,
        published_day date not null,
        published_at timestamptz not null,
        first_bid_at timestamptz
      )`.execute(trx);
    await sql`create table statistics_bids (bid_id uuid primary key, post_id uuid not null, interest_rate double precision not null)`.execute(trx);
    await sql`
      create table statistics_deals (
        deal_id uuid primary key,
        post_id uuid not null,
        external boolean not null,
        opened_day date not null,
        loan_amount double precision not null,
        stage text not null,
        activities jsonb not null
      )`.execute(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): the helper rows the batch's events name are read once, the events folded
    // into them in memory in log order, and the changed rows written back together; the day counters are added up
    // in memory and written once at the end (nothing in the batch reads them back). A few statements per batch
    // instead of several per event, so the statistics keep up with a bidding rush and a rebuild is quick
    // (docs/statistics.md "The projection").
    // The post, bid and deal deciders wrote these events; their type names are checked by `handled`.
    const counted = events.filter((event) => handled.has(event.type)) as (RecordedEvent & Handled)[];
    if (counted.length === 0) return;
    const rows: Rows = {
      posts: new BatchRows<PostRow>(db, { table: 'statistics_posts', key: 'post_id', keyType: 'uuid', dates: ['published_day'] }),
      bids: new BatchRows<BidRow>(db, { table: 'statistics_bids', key: 'bid_id', keyType: 'uuid' }),
      deals: new BatchRows<DealRow>(db, { table: 'statistics_deals', key: 'deal_id', keyType: 'uuid', dates: ['opened_day'] }),
      days: new DayBumps(),
    };
    const named = counted.map(keysOf);
    // The deals first: a deal's activity reaches its post through the deal's row.
    await rows.deals.load(named.flatMap((keys) => keys.deal ?? []));
    await rows.bids.load(named.flatMap((keys) => keys.bid ?? []));
    await rows.posts.load([...named.flatMap((keys) => keys.post ?? []), ...rows.deals.where(() => true).map((deal) => deal.post_id)]);
    for (const event of counted) apply(rows, event);
    await rows.posts.flush();
    await rows.bids.flush();
    await rows.deals.flush();
    await rows.days.write(db);
  },
};

type PostRow = Selectable<StatisticsPostsTable>;
type BidRow = Selectable<StatisticsBidsTable>;
type DealRow = Selectable<StatisticsDealsTable>;

/** The helper rows an event reads or writes. */
function keysOf(event: RecordedEvent & Handled): { post?: string; bid?: string; deal?: string } {
  switch (event.type) {
    case 'PostPublished':
      return { post: event.data.post_id };
    case 'BidPlaced':
      return { post: event.data.post_id, bid: event.data.bid_id };
    case 'BidEdited':
      return { bid: event.data.bid_id };
    case 'BidAcceptedOnPost':
      return {};
    case 'DealOpened':
      return { post: event.data.post_id, bid: event.data.bid_id, deal: event.data.deal_id };
    case 'DealActivityAdded':
    case 'DealActivityEdited':
    case 'DealActivityDeleted':
      return { deal: event.data.deal_id };
    default: {
      const _never: never = event;
      return _never;
    }
  }
}

type Rows = { posts: BatchRows<PostRow>; bids: BatchRows<BidRow>; deals: BatchRows<DealRow>; days: DayBumps };

/** The sums and the volume: exact decimals (6 places), so a day's total is the same whichever batches its events came in. */
const isDecimal = (column: Counter) => column.endsWith('_sum') || column === 'settled_volume';
const MICROS = 1_000_000n;

/**
 * Counter deltas per day, added up in memory in millionths (bigint, exact): in floating point, a batch's sum added to
 * the row differs in the last bits from the same deltas added one batch at a time, and a rebuild must come out equal.
 */
class DayBumps {
  readonly #days = new Map<string, Map<Counter, bigint>>();

  add(day: string, deltas: DayDeltas, sign: 1 | -1 = 1): void {
    const total = this.#days.get(day) ?? new Map<Counter, bigint>();
    for (const [column, value] of Object.entries(deltas) as [Counter, number][]) {
      total.set(column, (total.get(column) ?? 0n) + BigInt(sign) * BigInt(Math.round(value * Number(MICROS))));
    }
    this.#days.set(day, total);
  }

  /** Adds every day's deltas to its row (made on first use), in one statement. */
  async write(db: Database): Promise<void> {
    const rows = [...this.#days]
      .filter(([, deltas]) => [...deltas.values()].some((value) => value !== 0n))
      .map(([day, deltas]) => ({ day, ...Object.fromEntries(counters.map((c) => [c, columnValue(c, deltas.get(c) ?? 0n)])) }) as unknown as StatisticsDailyTable);
    if (rows.length === 0) return;
    await db
      .insertInto('statistics_daily')
      .values(rows)
      .onConflict((oc) => oc.column('day').doUpdateSet(Object.fromEntries(counters.map((c) => [c, sql`statistics_daily.${sql.ref(c)} + excluded.${sql.ref(c)}`]))))
      .execute();
  }
}

/** A counter as its column takes it: a whole number, or the exact decimal text of the millionths. */
function columnValue(column: Counter, micros: bigint): number | string {
  if (!isDecimal(column)) return Number(micros / MICROS);
  const sign = micros < 0n ? '-' : '';
  const magnitude = micros < 0n ? -micros : micros;
  return `${sign}${magnitude / MICROS}.${(magnitude % MICROS).toString().padStart(6, '0')}`;
}

/** The publication day of a post that has a row (a post published before the statistics existed has none). */
const publishedDay = (posts: Rows['posts'], postId: string) => posts.get(postId)?.published_day;

/** Takes the deal's old contribution back and adds the new one; the post's cohort follows its deal into and out of settled. */
function contribute({ posts, days }: Rows, before: DealRow | null, after: DealRow): void {
  if (before) for (const part of contributionOf(before)) days.add(part.day, part.deltas, -1);
  for (const part of contributionOf(after)) days.add(part.day, part.deltas);
  const wasSettled = before?.stage === 'closed_won';
  const isSettled = after.stage === 'closed_won';
  const day = after.external ? undefined : publishedDay(posts, after.post_id);
  if (day && wasSettled !== isSettled) days.add(day, { posts_settled: isSettled ? 1 : -1 });
}

function changeDeal(rows: Rows, dealId: string, change: (deal: DealRow) => Partial<DealRow>): void {
  const before = rows.deals.get(dealId);
  if (!before) return;
  rows.deals.update(dealId, change(before));
  contribute(rows, before, rows.deals.get(dealId)!);
}

function apply(rows: Rows, event: RecordedEvent & Handled): void {
  const { posts, bids, deals, days } = rows;
  switch (event.type) {
    case 'PostPublished': {
      const { post_id, published_at } = event.data;
      if (posts.get(post_id)) return;
      const day = sydneyDay(published_at);
      posts.insert({ post_id, published_day: day, published_at: new Date(published_at), first_bid_at: null });
      days.add(day, { posts_created: 1 });
      return;
    }
    case 'BidPlaced': {
      // Bids an admin records for an external deal were not placed in an auction. A bid counts once, however often
      // the log holds it; a post's first bid also counts its rate and the providers' response time (first bid −
      // publication).
      const { bid_id, post_id, placed_at, bid, origin } = event.data;
      if (origin !== 'auction' || bids.get(bid_id)) return;
      bids.insert({ bid_id, post_id, interest_rate: bid.interest_rate });
      const day = sydneyDay(placed_at);
      days.add(day, { bids_placed: 1 });
      const post = posts.get(post_id);
      if (!post || post.first_bid_at !== null) return;
      posts.update(post_id, { first_bid_at: new Date(placed_at) });
      const seconds = Math.max(0, (Date.parse(placed_at) - post.published_at.getTime()) / 1000);
      days.add(day, { first_bid_count: 1, first_bid_rate_sum: bid.interest_rate, response_seconds_sum: seconds });
      return;
    }
    case 'BidEdited':
      // The rate the deal opens with is read at DealOpened (the winning rate); an open deal's bid updated later
      // changes the row but not the winning rate already counted (the rate the auction was won at).
      bids.update(event.data.bid_id, { interest_rate: event.data.bid.interest_rate });
      return;
    case 'BidAcceptedOnPost':
      // The deal (opened by a reactor right after) carries the figures; nothing to count here.
      return;
    case 'DealOpened': {
      const { deal_id, post_id, bid_id, external, loan_amount, activity, stage } = event.data;
      if (deals.get(deal_id)) return;
      const openedDay = sydneyDay(event.metadata.occurred_at);
      const deal: DealRow = { deal_id, post_id, external, opened_day: openedDay, loan_amount, stage, activities: [{ ...activityOf(activity), deleted: false }] };
      deals.insert(deal);
      const bid = external ? undefined : bids.get(bid_id);
      days.add(openedDay, { deals_opened: 1, ...(bid ? { winning_rate_sum: bid.interest_rate, winning_rate_count: 1 } : {}) });
      const day = external ? undefined : publishedDay(posts, post_id);
      if (day) days.add(day, { posts_with_deal: 1 });
      contribute(rows, null, deal);
      return;
    }
    case 'DealActivityAdded':
      changeDeal(rows, event.data.deal_id, (deal) => ({
        stage: event.data.stage,
        activities: [...deal.activities, { ...activityOf(event.data.activity), deleted: false }],
      }));
      return;
    case 'DealActivityEdited': {
      const { activity_id, amount, activity_date } = event.data;
      changeDeal(rows, event.data.deal_id, (deal) => ({
        activities: deal.activities.map((a) => (a.activity_id === activity_id ? { ...a, amount, activity_date } : a)),
      }));
      return;
    }
    case 'DealActivityDeleted':
      changeDeal(rows, event.data.deal_id, (deal) => ({
        stage: event.data.stage,
        activities: deal.activities.map((a) => (a.activity_id === event.data.activity_id ? { ...a, deleted: true } : a)),
      }));
      return;
    default: {
      const _never: never = event;
      return _never;
    }
  }
}

const activityOf = (activity: DealOpened['data']['activity']): Omit<Activity, 'deleted'> => ({
  activity_id: activity.activity_id,
  activity_type: activity.activity_type,
  amount: activity.amount,
  activity_date: activity.activity_date,
});

/** What a deal adds to the days now: its stage on its opening day, and its settlement on the settled day. */
export function contributionOf(deal: StatisticsDealsTable): { day: string; deltas: DayDeltas }[] {
  const parts: { day: string; deltas: DayDeltas }[] = [{ day: deal.opened_day, deltas: { [`deals_${deal.stage}` as Counter]: 1 } }];
  if (deal.stage === 'closed_won') {
    const remaining = deal.activities.filter((a) => !a.deleted);
    const settledOn = remaining.findLast((a) => a.activity_type === 'closed_won')?.activity_date ?? deal.opened_day;
    parts.push({ day: settledOn, deltas: { settled_count: 1, settled_volume: dealValue(remaining, deal.loan_amount) } });
  }
  return parts;
}
