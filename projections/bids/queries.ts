import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { RankedBid } from '../../domain/bid/rules';
import { type BidListQuery, bidSortable } from '../../domain/bid/views';
import type { PostSortKey } from '../../domain/post/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import type { OrganisationsDatabase } from '../organisations/organisations';
import type { UsersDatabase } from '../users/users';
import type { BidRow, BidsDatabase } from './bids';

// The questions the API, the dashboards and Auto-Declare ask of the bids read model (projections/bids/bids.ts).

const bids = (database: Database) => (database as Kysely<BidsDatabase>).selectFrom('bids');

/** A bid by id, deleted ones included (the caller decides: a deleted bid answers 404). */
export async function findBid(database: Database, uuid: string): Promise<BidRow | undefined> {
  return bids(database).selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The bid whose form holds this required document (`/v1/required_documents/{id}`). */
export async function findBidOfRequiredDocument(database: Database, documentId: string): Promise<BidRow | undefined> {
  return bids(database)
    .selectAll()
    .where(sql<boolean>`form -> 'required_documents' @> ${JSON.stringify([{ uuid: documentId }])}::jsonb`)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** spec 3 §4 "Lender sort order": lower rate first, ties by who bid first. */
const bestFirst = (query: SelectQueryBuilder<BidsDatabase, 'bids', BidRow>, sortBy: PostSortKey) =>
  query.orderBy(sortBy, 'asc').orderBy('created_at', 'asc').orderBy('uuid', 'asc');

/** The post's leading bid: its best active bid by the post's sort order (the warnings compare against it; an edit leaves itself out). */
export async function leadingBidOf(database: Database, postId: string, sortBy: PostSortKey, exceptBidId: string | null = null): Promise<BidRow | undefined> {
  let query = bids(database).selectAll().where('post_id', '=', postId).where('status', '=', 'active').where('deleted', '=', false);
  if (exceptBidId) query = query.where('uuid', '!=', exceptBidId);
  return bestFirst(query, sortBy).limit(1).executeTakeFirst();
}

/**
 * Auto-Declare (spec 1 §4): the best bid that is active or expired (the post's bidding is over when it runs) and was
 * eligible when placed or last edited (it beat the leading comparison rate then).
 */
export async function leadingEligibleBid(database: Database, postId: string, sortBy: PostSortKey): Promise<BidRow | undefined> {
  const query = bids(database)
    .selectAll()
    .where('post_id', '=', postId)
    .where('status', 'in', ['active', 'expired'])
    .where('auto_declare_eligible', '=', true)
    .where('deleted', '=', false);
  return bestFirst(query, sortBy).limit(1).executeTakeFirst();
}

/** Every bid of a post that was not deleted (the post detail ranks and groups them). */
export async function bidsOfPost(database: Database, postId: string): Promise<BidRow[]> {
  return bids(database).selectAll().where('post_id', '=', postId).where('deleted', '=', false).orderBy('created_at').orderBy('uuid').execute();
}

/** The post's bids as they rank (place labels, the leading bid): only the columns ranking needs. */
export async function rankedBidsOf(database: Database, postId: string): Promise<RankedBid[]> {
  const rows = await bids(database)
    .select(['uuid', 'status', 'interest_rate', 'comparison_rate', 'created_at'])
    .where('post_id', '=', postId)
    .where('deleted', '=', false)
    .execute();
  return rows.map(rankedBid);
}

/** A bids row's ranking columns as the rules take them. */
const rankedBid = (row: Pick<BidRow, 'uuid' | 'status' | 'interest_rate' | 'comparison_rate' | 'created_at'>): RankedBid => ({
  bid_id: row.uuid,
  status: row.status,
  interest_rate: row.interest_rate,
  comparison_rate: row.comparison_rate,
  placed_at: row.created_at.toISOString(),
});

/** What placing one bid needs to know: the provider (undefined: no such user), and where the bid stands on its post. */
export type BidFacts = { bidder: BidderRow | undefined; standing: Record<PostSortKey, BidStanding> };

/**
 * The new bid against the post's bids, under one sort key: the comparison rate of the leading bid (null: the post has
 * no active bid), and how many bids with a place (not cancelled) rank before the new one (its place is one more).
 */
export type BidStanding = { leadingComparisonRate: number | null; ahead: number };

/** A bid about to be placed: who places it on which post, and what it ranks by. */
export type BidAsk = { userId: string; postId: string; bidId: string; interestRate: number; comparisonRate: number; placedAt: string };

/**
 * Everything placing bids needs to know, for several bids in one round trip (docs/performance.md): of each provider,
 * the user, its organisation (type, and the name and logo the answer shows), its full name, its bidding limits and
 * its deals now accepted and now contacted (docs/deals.md "Bidding limits"); of each post, its leading bids (kept in
 * post_leading_bids) and how many of its bids rank before the new one, in the order of rankBids (domain/bid/rules.ts:
 * lower rate first, ties by who bid first), counted here rather than every bid of the post sent over as JSON
 * (docs/performance.md "A bid's cost at every load"). One answer per ask, in order.
 */
export async function bidFactsOf(database: Database, asks: readonly BidAsk[]): Promise<BidFacts[]> {
  // Written out: built with the query builder, this one query cost 7% of the server's CPU per bid.
  const { rows } = await sql<
    Partial<BidderRow> & { ask: string; leading_cr: number | null; leading_ir: number | null; ahead_cr: number; ahead_ir: number }
  >`
    select q.ask::int as ask, u.uuid, u.user_type, u.status, u.organisation_uuid, u.permissions, u.bids_accepted_limit, u.bids_contacted_limit,
      trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as full_name,
      o.organisation_type, o.name as organisation_name, o.logo_file_id,
      d.accepted_deals, d.contacted_deals,
      l.cr_comparison_rate as leading_cr, l.ir_comparison_rate as leading_ir, a.ahead_cr, a.ahead_ir
    from unnest(${asks.map((ask) => ask.userId)}::uuid[], ${asks.map((ask) => ask.postId)}::uuid[], ${asks.map((ask) => ask.bidId)}::uuid[],
        ${asks.map((ask) => ask.interestRate)}::float8[], ${asks.map((ask) => ask.comparisonRate)}::float8[], ${asks.map((ask) => ask.placedAt)}::timestamptz[])
      with ordinality as q(user_id, post_id, bid_id, interest_rate, comparison_rate, placed_at, ask)
    left join users u on u.uuid = q.user_id
    left join organisations o on o.uuid = u.organisation_uuid
    left join lateral (
      select count(*) filter (where stage = 'accepted')::int as accepted_deals, count(*) filter (where stage = 'contacted')::int as contacted_deals
      from deals where provider_id = u.uuid and stage in ('accepted', 'contacted') and deleted = false
    ) d on true
    left join post_leading_bids l on l.post_id = q.post_id
    cross join lateral (
      select count(*) filter (where (b.comparison_rate, b.created_at, b.uuid) < (q.comparison_rate, q.placed_at, q.bid_id))::int as ahead_cr,
        count(*) filter (where (b.interest_rate, b.created_at, b.uuid) < (q.interest_rate, q.placed_at, q.bid_id))::int as ahead_ir
      from bids b where b.post_id = q.post_id and b.status <> 'cancelled' and b.deleted = false
    ) a`.execute(database);
  const facts: BidFacts[] = [];
  for (const { ask, leading_cr, leading_ir, ahead_cr, ahead_ir, ...bidder } of rows) {
    facts[Number(ask) - 1] = {
      bidder: bidder.uuid ? (bidder as BidderRow) : undefined,
      standing: { comparison_rate: { leadingComparisonRate: leading_cr, ahead: ahead_cr }, interest_rate: { leadingComparisonRate: leading_ir, ahead: ahead_ir } },
    };
  }
  return facts;
}

export type BidderRow = {
  uuid: string;
  user_type: UsersDatabase['users']['user_type'];
  status: UsersDatabase['users']['status'];
  organisation_uuid: string | null;
  permissions: UsersDatabase['users']['permissions'];
  bids_accepted_limit: number | null;
  bids_contacted_limit: number | null;
  full_name: string;
  organisation_type: OrganisationsDatabase['organisations']['organisation_type'] | null;
  organisation_name: string | null;
  logo_file_id: string | null;
  accepted_deals: number;
  contacted_deals: number;
};

/** Whose bids a list shows: one provider's, one organisation's, or all (admin). */
export type BidScope = { provider_id: string } | { organisation_uuid: string } | 'all';

/** The bid lists (`/bids`): newest first unless sorted; deleted bids never. */
export async function listBids(database: Database, scope: BidScope, query: BidListQuery): Promise<ListResult<BidRow>> {
  let filtered = bids(database).where('deleted', '=', false);
  if (scope !== 'all') {
    filtered = 'provider_id' in scope ? filtered.where('provider_id', '=', scope.provider_id) : filtered.where('organisation_uuid', '=', scope.organisation_uuid);
  }
  if (query.filter?.status) filtered = filtered.where('status', '=', query.filter.status);
  if (query.filter?.post_id) filtered = filtered.where('post_id', '=', query.filter.post_id);
  const sorting = bidSortable.flatMap((field) => {
    const direction = query.sorting?.[field];
    return direction ? [[field, direction] as const] : [];
  });
  let ordered = filtered.selectAll();
  for (const [field, direction] of sorting.length > 0 ? sorting : [['created_at', 'desc'] as const]) ordered = ordered.orderBy(field, direction);
  // The uuid breaks ties, so pages never overlap.
  const [rows, total] = await Promise.all([
    ordered.orderBy('uuid').limit(query.count).offset((query.page - 1) * query.count).execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { total_records: Number(total.total), result: rows };
}

export type BidOrganisation = { uuid: string; name: string; logo_file_id: string | null };

/** The organisations of a page of bids, by uuid (names and logos shown beside the bids). */
export async function organisationsOf(database: Database, uuids: readonly string[]): Promise<Map<string, BidOrganisation>> {
  if (uuids.length === 0) return new Map();
  const rows = await (database as Kysely<OrganisationsDatabase>)
    .selectFrom('organisations')
    .select(['uuid', 'name', 'logo_file_id'])
    .where('uuid', 'in', [...new Set(uuids)])
    .execute();
  return new Map(rows.map((row) => [row.uuid, row]));
}

/** The providers' full names, by uuid (shown to the organisation's viewers and admins). */
export async function providerNamesOf(database: Database, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await (database as Kysely<UsersDatabase>)
    .selectFrom('users')
    .select(['uuid', sql<string>`trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`.as('full_name')])
    .where('uuid', 'in', [...new Set(uuids)])
    .execute();
  return new Map(rows.map((row) => [row.uuid, row.full_name]));
}
