import { sql } from 'kysely';
import type { BidPlaced, BidEdited } from '../../domain/bid/events';
import { dealValue } from '../../domain/deal/figures';
import type { DealActivityAdded, DealActivityDeleted, DealActivityEdited, DealOpened } from '../../domain/deal/events';
import type { PostPublished } from '../../domain/post/events';
import type { BidAcceptedOnPost } from '../../domain/post/lifecycle';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import { sydneyDay } from '../../domain/shared/sydney-time';
import type { Activity, StatisticsDailyTable, StatisticsDealsTable } from './tables';

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
  version: 2,
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
    // A batch's day counters are added up here and written once at its end (nothing in it reads them back); its
    // bids, most of a busy batch, are written together: a statement or two per batch instead of four per bid, so
    // the statistics keep up with a bidding rush (docs/statistics.md "The projection").
    const days = new DayBumps();
    let bids: BidPlaced['data'][] = [];
    for (const recorded of events) {
      if (!handled.has(recorded.type)) continue;
      // The post, bid and deal deciders wrote these events; their type names are checked above.
      const event = recorded as RecordedEvent & Handled;
      if (event.type === 'BidPlaced') {
        // Bids an admin records for an external deal were not placed in an auction.
        if (event.data.origin === 'auction') bids.push(event.data);
        continue;
      }
      // What follows may read the bids (a deal's winning rate): they are written first.
      await placeBids(db, days, bids);
      bids = [];
      await apply(db, days, event);
    }
    await placeBids(db, days, bids);
    await days.write(db);
  },
};

/** Counter deltas per day, added up in memory. */
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

/**
 * Auction bids placed, in log order: each counted once on its day, and a post's first bid (the first of them on a
 * post without one yet) with its rate and the providers' response time (first bid − publication).
 */
async function placeBids(db: Database, days: DayBumps, bids: BidPlaced['data'][]): Promise<void> {
  if (bids.length === 0) return;
  const inserted = await db
    .insertInto('statistics_bids')
    .values(bids.map(({ bid_id, post_id, bid }) => ({ bid_id, post_id, interest_rate: bid.interest_rate })))
    .onConflict((oc) => oc.column('bid_id').doNothing())
    .returning('bid_id')
    .execute();
  const uncounted = new Set(inserted.map((row) => row.bid_id));
  const firstOfPost = new Map<string, BidPlaced['data']>();
  for (const bid of bids) {
    // Once, however often the batch holds it.
    if (!uncounted.delete(bid.bid_id)) continue;
    days.add(sydneyDay(bid.placed_at), { bids_placed: 1 });
    if (!firstOfPost.has(bid.post_id)) firstOfPost.set(bid.post_id, bid);
  }
  if (firstOfPost.size === 0) return;
  const candidates = [...firstOfPost.values()];
  const { rows: firsts } = await sql<{ post_id: string; published_at: Date }>`
    update statistics_posts p set first_bid_at = c.placed_at
    from (values ${sql.join(candidates.map((bid) => sql`(${bid.post_id}::uuid, ${bid.placed_at}::timestamptz)`))}) as c(post_id, placed_at)
    where p.post_id = c.post_id and p.first_bid_at is null
    returning p.post_id, p.published_at`.execute(db);
  for (const { post_id, published_at } of firsts) {
    const { placed_at, bid } = firstOfPost.get(post_id)!;
    const seconds = Math.max(0, (Date.parse(placed_at) - published_at.getTime()) / 1000);
    days.add(sydneyDay(placed_at), { first_bid_count: 1, first_bid_rate_sum: bid.interest_rate, response_seconds_sum: seconds });
  }
}

async function apply(db: Database, days: DayBumps, event: RecordedEvent & Exclude<Handled, BidPlaced>): Promise<void> {
  switch (event.type) {
    case 'PostPublished': {
      const { post_id, published_at } = event.data;
      const inserted = await db
        .insertInto('statistics_posts')
        .values({ post_id, published_day: sydneyDay(published_at), published_at: new Date(published_at), first_bid_at: null })
        .onConflict((oc) => oc.column('post_id').doNothing())
        .returning('post_id')
        .executeTakeFirst();
      if (inserted) days.add(sydneyDay(published_at), { posts_created: 1 });
      return;
    }
    case 'BidEdited':
      // The rate the deal opens with is read at DealOpened (the winning rate); an open deal's bid updated later
      // changes the row but not the winning rate already counted (the rate the auction was won at).
      await db.updateTable('statistics_bids').set({ interest_rate: event.data.bid.interest_rate }).where('bid_id', '=', event.data.bid_id).execute();
      return;
    case 'BidAcceptedOnPost':
      // The deal (opened by a reactor right after) carries the figures; nothing to count here.
      return;
    case 'DealOpened': {
      const { deal_id, post_id, bid_id, external, loan_amount, activity, stage } = event.data;
      const openedDay = sydneyDay(event.metadata.occurred_at);
      const deal: StatisticsDealsTable = {
        deal_id,
        post_id,
        external,
        opened_day: openedDay,
        loan_amount,
        stage,
        activities: [{ ...activityOf(activity), deleted: false }],
      };
      const inserted = await db
        .insertInto('statistics_deals')
        .values({ ...deal, activities: jsonb(deal.activities) })
        .onConflict((oc) => oc.column('deal_id').doNothing())
        .returning('deal_id')
        .executeTakeFirst();
      if (!inserted) return;
      const bid = external ? undefined : await db.selectFrom('statistics_bids').select('interest_rate').where('bid_id', '=', bid_id).executeTakeFirst();
      days.add(openedDay, { deals_opened: 1, ...(bid ? { winning_rate_sum: bid.interest_rate, winning_rate_count: 1 } : {}) });
      if (!external) {
        const post = await db.selectFrom('statistics_posts').select(sql<string>`to_char(published_day, 'YYYY-MM-DD')`.as('day')).where('post_id', '=', post_id).executeTakeFirst();
        if (post) days.add(post.day, { posts_with_deal: 1 });
      }
      await applyContribution(db, days, null, deal);
      return;
    }
    case 'DealActivityAdded':
      await changeDeal(db, days, event.data.deal_id, (deal) => ({
        ...deal,
        stage: event.data.stage,
        activities: [...deal.activities, { ...activityOf(event.data.activity), deleted: false }],
      }));
      return;
    case 'DealActivityEdited': {
      const { activity_id, amount, activity_date } = event.data;
      await changeDeal(db, days, event.data.deal_id, (deal) => ({
        ...deal,
        activities: deal.activities.map((a) => (a.activity_id === activity_id ? { ...a, amount, activity_date } : a)),
      }));
      return;
    }
    case 'DealActivityDeleted':
      await changeDeal(db, days, event.data.deal_id, (deal) => ({
        ...deal,
        stage: event.data.stage,
        activities: deal.activities.map((a) => (a.activity_id === event.data.activity_id ? { ...a, deleted: true } : a)),
      }));
      return;
  }
}

const activityOf = (activity: DealOpened['data']['activity']): Omit<Activity, 'deleted'> => ({
  activity_id: activity.activity_id,
  activity_type: activity.activity_type,
  amount: activity.amount,
  activity_date: activity.activity_date,
});

async function changeDeal(db: Database, days: DayBumps, dealId: string, change: (deal: StatisticsDealsTable) => StatisticsDealsTable): Promise<void> {
  const row = await db
    .selectFrom('statistics_deals')
    .select(['deal_id', 'post_id', 'external', sql<string>`to_char(opened_day, 'YYYY-MM-DD')`.as('opened_day'), 'loan_amount', 'stage', 'activities'])
    .where('deal_id', '=', dealId)
    .executeTakeFirst();
  if (!row) return;
  const next = change(row);
  await db.updateTable('statistics_deals').set({ stage: next.stage, activities: jsonb(next.activities) }).where('deal_id', '=', dealId).execute();
  await applyContribution(db, days, row, next);
}

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

/** Takes the old contribution back and adds the new one; the post's cohort follows its deal into and out of settled. */
async function applyContribution(db: Database, days: DayBumps, before: StatisticsDealsTable | null, after: StatisticsDealsTable): Promise<void> {
  if (before) for (const part of contributionOf(before)) days.add(part.day, part.deltas, -1);
  for (const part of contributionOf(after)) days.add(part.day, part.deltas);
  const wasSettled = before?.stage === 'closed_won';
  const isSettled = after.stage === 'closed_won';
  if (!after.external && wasSettled !== isSettled) {
    const post = await db.selectFrom('statistics_posts').select(sql<string>`to_char(published_day, 'YYYY-MM-DD')`.as('day')).where('post_id', '=', after.post_id).executeTakeFirst();
    if (post) days.add(post.day, { posts_settled: isSettled ? 1 : -1 });
  }
}

const jsonb = (activities: Activity[]) => sql<Activity[]>`${JSON.stringify(activities)}::jsonb`;
