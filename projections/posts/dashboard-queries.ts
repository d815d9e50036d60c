import { type RawBuilder, sql } from 'kysely';
import { placeLabel } from '../../domain/bid/rules';
import type { BidStatus } from '../../domain/bid/schemas';
import {
  type DashboardFilter,
  type DashboardPostRow,
  type DashboardQuery,
  type DashboardSortKey,
  defaultDashboardSort,
  priorityTableSize,
} from '../../domain/post/dashboard';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { providerPlaceOf } from './queries';

// The dashboards' lists of posts (docs/dashboards.md): the posts read model with each post's leading bid from the
// bids read model (post_leading_bids, kept per post), the bid count and, for a
// provider, its own bid and place. Totals come from post_counts (kept by a trigger on posts) but for a customer's own posts.

export type DashboardScope =
  | { role: 'admin' }
  | { role: 'customer'; ownerId: string }
  | { role: 'fsp'; providerId: string; priority: boolean };

/** The statuses a provider's tables list (spec 1 §2: posts open to bids or in the customer's decision). */
export const providerTableStatuses = ['active', 'review'] as const;

// Sort keys come from a closed list (domain/post/dashboard.ts), so their expressions are fixed SQL.
const sortExpressions: Record<DashboardSortKey, RawBuilder<unknown>> = {
  created_at: sql`p.created_at`,
  review_bids_on: sql`p.review_bids_on`,
  bidding_period_expiry_on: sql`p.bidding_period_expiry_on`,
  loan_amount: sql`p.loan_amount`,
  lvr: sql`p.lvr`,
  lender_since: sql`leader.lender_since`,
  comparison_rate: sql`lb.comparison_rate`,
  interest_rate: sql`lb.interest_rate`,
  organisation_name: sql`leader.organisation_name`,
  bid_created_at: sql`lb.created_at`,
};

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

/** Where the filtered columns are: the posts themselves, or the counts kept per combination of them (post_counts). */
type FilterColumn = 'status' | 'state' | 'loan_type' | 'credit_band' | 'loan_purpose' | 'rate_type' | 'repayment_type' | 'prioritised';
type FilterColumns = Record<FilterColumn, RawBuilder<unknown>>;
const filterColumns: readonly FilterColumn[] = ['status', 'state', 'loan_type', 'credit_band', 'loan_purpose', 'rate_type', 'repayment_type', 'prioritised'];
/** The same column of a table aliased `alias` (a fixed name from the list above). */
const columnsOf = (alias: 'p' | 'c'): FilterColumns =>
  Object.fromEntries(filterColumns.map((column) => [column, sql.ref(`${alias}.${column}`)])) as FilterColumns;
/** A post's place as a provider sees it (queries.ts providerPlaceOf), for every role's list alike. */
const providerPlace = providerPlaceOf('p');
const postColumns: FilterColumns = { ...columnsOf('p'), state: providerPlace.state };
const countColumns = columnsOf('c');

/** The scope's and the filter's conditions on the posts or on their counts (a customer's scope is on the posts only). */
function filterConditions(scope: DashboardScope, filter: DashboardFilter | undefined, columns: FilterColumns): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  switch (scope.role) {
    case 'admin':
      // Drafts are the customers' own business until published; an admin still finds them with filter[status].
      if (!filter?.status) where.push(sql`${columns.status} <> 'pending'`);
      break;
    case 'customer':
      where.push(sql`p.owner_id = ${scope.ownerId}`);
      break;
    case 'fsp':
      where.push(sql`${columns.status} in (${inList(providerTableStatuses)})`, sql`${columns.prioritised} = ${scope.priority}`);
      break;
  }
  if (filter?.status) where.push(sql`${columns.status} in (${inList(filter.status)})`);
  if (filter?.states) where.push(sql`${columns.state} in (${inList(filter.states)})`);
  if (filter?.loan_type) where.push(sql`${columns.loan_type} in (${inList(filter.loan_type)})`);
  if (filter?.credit_band) where.push(sql`${columns.credit_band} in (${inList(filter.credit_band)})`);
  if (filter?.loan_purpose) where.push(sql`${columns.loan_purpose} in (${inList(filter.loan_purpose)})`);
  if (filter?.rate_type) where.push(sql`${columns.rate_type} in (${inList(filter.rate_type)})`);
  if (filter?.repayment_type) where.push(sql`${columns.repayment_type} in (${inList(filter.repayment_type)})`);
  return where;
}

const conditions = (scope: DashboardScope, filter: DashboardFilter | undefined) => sql.join([sql`not p.deleted`, ...filterConditions(scope, filter, postColumns)], sql` and `);

/**
 * The list's total: a customer's own posts are few, so counted; the admin's and providers' lists sum the kept
 * counts (a few thousand rows at most), whatever the number of posts.
 */
function totalOf(scope: DashboardScope, filter: DashboardFilter | undefined, where: RawBuilder<unknown>) {
  if (scope.role === 'customer') return sql<{ total: string }>`select count(*) as total from posts p where ${where}`;
  const matching = filterConditions(scope, filter, countColumns);
  return sql<{ total: string }>`select coalesce(sum(c.n), 0) as total from post_counts c ${matching.length > 0 ? sql`where ${sql.join(matching, sql` and `)}` : sql``}`;
}

// The post's sort order decides which rate ranks bids (spec 3 §4 "Lender sort order"); ties by bid order.
const rankKey = (bid: string) => sql.raw(`(case when p.sort_by = 'interest_rate' then ${bid}.interest_rate else ${bid}.comparison_rate end, ${bid}.created_at, ${bid}.uuid)`);

type Row = {
  uuid: string;
  status: DashboardPostRow['status'];
  loan_type: DashboardPostRow['loan_type'];
  loan_purpose: DashboardPostRow['loan_purpose'];
  loan_amount: number | null;
  lvr: number | null;
  credit_band: DashboardPostRow['credit_band'];
  state: DashboardPostRow['state'];
  suburb: string | null;
  created_at: Date;
  review_bids_on: Date | null;
  bidding_period_expiry_on: Date | null;
  prioritised: boolean;
  sort_by: DashboardPostRow['sort_by'];
  bid_count: string;
  lb_uuid: string | null;
  lb_interest_rate: number | null;
  lb_comparison_rate: number | null;
  lb_created_at: Date | null;
  lb_organisation_name: string | null;
  lb_lender_since: number | null;
  own_uuid: string | null;
  own_status: BidStatus | null;
  own_rank: string | null;
};

/** Sort keys of the leading bid: the page's order needs each filtered post's leading bid. */
const leadingBidKeys: ReadonlySet<DashboardSortKey> = new Set(['lender_since', 'comparison_rate', 'interest_rate', 'organisation_name', 'bid_created_at']);
/** Never null, so `desc` keeps PostgreSQL's default (nulls first) and an index in that order serves it. */
const notNullKeys: ReadonlySet<DashboardSortKey> = new Set(['created_at']);

// The leading bid of `p` (post_leading_bids keeps both leaders; the post's sort order picks one) and what is shown
// of its provider (an anonymous bid keeping its organisation private shows neither the organisation nor its lender's
// experience).
const leaderOf = (column: string) => sql.raw(`case when p.sort_by = 'interest_rate' then l.ir_${column} else l.cr_${column} end as ${column}`);
const leadingBidJoins = sql`
    left join post_leading_bids l on l.post_id = p.uuid
    left join lateral (
      select ${sql.join(['uuid', 'interest_rate', 'comparison_rate', 'created_at', 'provider_id', 'organisation_uuid', 'hidden'].map(leaderOf))}
      where l.post_id is not null
    ) lb on true
    left join lateral (
      select case when lb.hidden then null else (select o.name from organisations o where o.uuid = lb.organisation_uuid) end as organisation_name,
        case when lb.hidden then null else (select u.lender_since from users u where u.uuid = lb.provider_id) end as lender_since
    ) leader on true`;

/** Leading-bid sorts that post_leading_bids' indexes serve, by the leader's column. */
const indexedLeaderColumns: Partial<Record<DashboardSortKey, string>> = { comparison_rate: 'comparison_rate', interest_rate: 'interest_rate', bid_created_at: 'created_at' };

/**
 * A page sorted by one leading-bid column without joining every post: the posts that rank bids by comparison rate
 * walk the `cr_` leader's index, the others the `ir_` leader's, each for at most offset + size rows, merged; posts
 * without a bid come last and are looked for only when those two run out.
 */
function leaderPage(where: RawBuilder<unknown>, column: string, direction: 'asc' | 'desc', size: number, offset: number) {
  const enough = size + offset;
  const order = sql.raw(direction);
  const branch = (prefix: 'cr' | 'ir', sortedBy: RawBuilder<unknown>) => sql`(
      select p.uuid, l.${sql.raw(`${prefix}_${column}`)} as k from post_leading_bids l join posts p on p.uuid = l.post_id
      where ${sortedBy} and ${where}
      order by l.${sql.raw(`${prefix}_${column}`)} ${order}, l.post_id limit ${enough})`;
  return sql`ranked as materialized (
      ${branch('cr', sql`p.sort_by <> 'interest_rate'`)}
      union all
      ${branch('ir', sql`p.sort_by = 'interest_rate'`)}
    ), page as materialized (
      select uuid from (
        select uuid, false as no_bid, k from ranked
        union all
        select uuid, true, null from (
          select p.uuid from posts p
          where (select count(*) from ranked) < ${enough} and ${where} and not exists (select 1 from post_leading_bids l where l.post_id = p.uuid)
          order by p.uuid limit ${enough}
        ) without_bid
      ) merged
      order by no_bid, k ${order}, uuid
      limit ${size} offset ${offset}
    )`;
}

export async function listDashboardPosts(db: Database, scope: DashboardScope, query: DashboardQuery): Promise<ListResult<DashboardPostRow>> {
  const where = conditions(scope, query.filter);
  const requested = Object.entries(query.sorting ?? {}) as [DashboardSortKey, 'asc' | 'desc'][];
  const sorting = requested.length > 0 ? requested : [defaultDashboardSort[scope.role]];
  const bySortedBid = sorting.some(([key]) => leadingBidKeys.has(key));
  const orderBy = sql.join([
    // Sorted by the leading bid, posts without one come last (a hidden organisation is not "no bid").
    ...(bySortedBid ? [sql`l.post_id is null`] : []),
    ...sorting.map(([key, direction]) => sql`${sortExpressions[key]} ${sql.raw(direction === 'desc' && !notNullKeys.has(key) ? 'desc nulls last' : direction)}`),
    sql`p.uuid`,
  ]);
  const pageSize = scope.role === 'fsp' && scope.priority ? priorityTableSize : query.count;
  const providerId = scope.role === 'fsp' ? scope.providerId : null;
  const offset = (query.page - 1) * pageSize;
  const [onlyKey] = sorting.length === 1 ? sorting : [];
  const leaderColumn = onlyKey && indexedLeaderColumns[onlyKey[0]];

  // The page's posts first (an index in the requested order, the offset skipped without looking at bids), then the
  // bids of those 25 or 100 posts only.
  const pageQuery = leaderColumn
    ? leaderPage(where, leaderColumn, onlyKey[1], pageSize, offset)
    : sql`page as materialized (
      select p.uuid from posts p ${bySortedBid ? leadingBidJoins : sql``}
      where ${where}
      order by ${orderBy}
      limit ${pageSize} offset ${offset}
    )`;
  const rows = sql<Row>`
    with ${pageQuery}
    select p.uuid, p.status, p.loan_type, p.loan_purpose, p.loan_amount, p.lvr, p.credit_band,
      ${providerPlace.state} as state, ${providerPlace.suburb} as suburb,
      p.created_at, p.review_bids_on, p.bidding_period_expiry_on, p.prioritised, p.sort_by,
      (select count(*) from bids c where c.post_id = p.uuid and c.status <> 'cancelled' and not c.deleted) as bid_count,
      lb.uuid as lb_uuid, lb.interest_rate as lb_interest_rate, lb.comparison_rate as lb_comparison_rate, lb.created_at as lb_created_at,
      leader.organisation_name as lb_organisation_name, leader.lender_since as lb_lender_since,
      own.uuid as own_uuid, own.status as own_status,
      case when own.uuid is null or own.status = 'cancelled' then null else (
        select count(*) from bids r where r.post_id = p.uuid and not r.deleted and r.status <> 'cancelled' and ${rankKey('r')} < ${rankKey('own')}
      ) end as own_rank
    from page join posts p on p.uuid = page.uuid
    ${leadingBidJoins}
    left join lateral (
      select b.uuid, b.status, b.interest_rate, b.comparison_rate, b.created_at
      from bids b where b.post_id = p.uuid and b.provider_id = ${providerId} and not b.deleted
      order by b.created_at desc limit 1
    ) own on ${providerId}::uuid is not null
    order by ${orderBy}`;
  const [page, counted] = await Promise.all([rows.execute(db), totalOf(scope, query.filter, where).execute(db)]);
  return { total_records: Number(counted.rows[0]?.total ?? 0), result: page.rows.map((row) => toDashboardRow(row, scope)) };
}

function toDashboardRow(row: Row, scope: DashboardScope): DashboardPostRow {
  return {
    uuid: row.uuid,
    status: row.status,
    loan_type: row.loan_type,
    loan_purpose: row.loan_purpose,
    loan_amount: row.loan_amount,
    lvr: row.lvr === null ? null : Math.floor(row.lvr),
    credit_band: row.credit_band,
    state: row.state,
    suburb: row.suburb,
    created_at: row.created_at.toISOString(),
    review_bids_on: row.review_bids_on?.toISOString() ?? null,
    bidding_period_expiry_on: row.bidding_period_expiry_on?.toISOString() ?? null,
    prioritised: row.prioritised,
    sort_by: row.sort_by,
    bid_count: Number(row.bid_count),
    leading_bid:
      row.lb_uuid && row.lb_interest_rate !== null && row.lb_comparison_rate !== null && row.lb_created_at
        ? {
            uuid: row.lb_uuid,
            interest_rate: row.lb_interest_rate,
            comparison_rate: row.lb_comparison_rate,
            organisation_name: row.lb_organisation_name,
            lender_since: row.lb_lender_since,
            created_at: row.lb_created_at.toISOString(),
          }
        : null,
    ...(scope.role === 'fsp'
      ? {
          own_bid:
            row.own_uuid && row.own_status
              ? { uuid: row.own_uuid, status: row.own_status, place: row.own_status === 'cancelled' ? placeLabel('cancelled') : placeLabel(Number(row.own_rank) + 1) }
              : null,
        }
      : {}),
  };
}

/** What deciding who may read a post needs (api/routes/post-reading.ts); undefined when the post does not exist. */
export type PostReadingFacts = { owner_id: string; status: DashboardPostRow['status']; deleted: boolean; holds_bid: boolean; holds_winning_bid: boolean };

export async function postReadingFacts(db: Database, postId: string, providerId: string | null): Promise<PostReadingFacts | undefined> {
  const { rows } = await sql<PostReadingFacts>`
    select p.owner_id, p.status, p.deleted,
      exists (select 1 from bids b where b.post_id = p.uuid and b.provider_id = ${providerId} and not b.deleted) as holds_bid,
      exists (select 1 from bids b where b.uuid = p.winning_bid_id and b.provider_id = ${providerId}) as holds_winning_bid
    from posts p where p.uuid = ${postId}`.execute(db);
  return rows[0];
}
