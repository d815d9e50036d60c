import { type SelectQueryBuilder, sql } from 'kysely';
import type { RankedBid } from '../../domain/bid/rules';
import { type BidListQuery, bidSortable } from '../../contracts/bid';
import type { BidStanding, StandingAsk } from '../../domain/post/lifecycle';
import type { PostSortKey } from '../../domain/post/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { DatabaseSchema } from '../../infrastructure/database/database';
import type { OrganisationsTable } from '../organisations/tables';
import type { UsersTable } from '../users/tables';
import type { BidRow } from './bids';

// The questions the API, the dashboards and Auto-Declare ask of the bids read model (projections/bids/bids.ts).

const bids = (database: Database) => database.selectFrom('bids');

/** A bid by id, deleted ones included (the caller decides: a deleted bid answers 404). */
export async function findBid(database: Database, uuid: string): Promise<BidRow | undefined> {
  return bids(database).selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Bids by id, deleted ones included (as findBid), in one query: the bids an auto-bid's improvements name. */
export async function findBids(database: Database, uuids: readonly string[]): Promise<BidRow[]> {
  if (uuids.length === 0) return [];
  return bids(database).selectAll().where('uuid', 'in', [...new Set(uuids)]).execute();
}

/** The bid whose form holds this required or optional document (`/v1/required_documents/{id}`, `/v1/home_loan_bid_optional_documents/{id}`). */
export async function findBidOfDocument(database: Database, kind: 'required_documents' | 'optional_documents', documentId: string): Promise<BidRow | undefined> {
  return bids(database)
    .selectAll()
    .where(sql<boolean>`form -> ${kind} @> ${JSON.stringify([{ uuid: documentId }])}::jsonb`)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** The providers whose bids on the post the customer did not choose (`not_chosen`), each once. */
export async function providersNotChosen(database: Database, postId: string): Promise<string[]> {
  const rows = await bids(database).select('provider_id').distinct().where('post_id', '=', postId).where('not_chosen', '=', true).execute();
  return rows.map((row) => row.provider_id);
}

/** spec 3 §4 "Lender sort order": lower rate first, ties by who bid first. */
const bestFirst = (query: SelectQueryBuilder<DatabaseSchema, 'bids', BidRow>, sortBy: PostSortKey) =>
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

/**
 * The providers placing bids, for several bids in one round trip (docs/performance-history.md "Reads in batches"): of each,
 * the user, its organisation (type, and the name and logo the answer shows), its full name, its bidding limits and
 * its deals now accepted and now contacted (docs/deals.md "Bidding limits"). One answer per user id, in order
 * (undefined: no such user).
 */
export async function biddersOf(database: Database, userIds: readonly string[]): Promise<(BidderRow | undefined)[]> {
  // Written out: built with the query builder, this one query cost 7% of the server's CPU per bid.
  const { rows } = await sql<Partial<BidderRow> & { ask: string }>`
    select q.ask::int as ask, u.uuid, u.user_type, u.status, u.organisation_uuid, u.permissions, u.bids_accepted_limit, u.bids_contacted_limit,
      trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as full_name,
      o.organisation_type, o.name as organisation_name, o.logo_file_id,
      d.accepted_deals, d.contacted_deals
    from unnest(${userIds}::uuid[]) with ordinality as q(user_id, ask)
    left join users u on u.uuid = q.user_id
    left join organisations o on o.uuid = u.organisation_uuid
    left join lateral (
      select count(*) filter (where stage = 'accepted')::int as accepted_deals, count(*) filter (where stage = 'contacted')::int as contacted_deals
      from deals where provider_id = u.uuid and stage in ('accepted', 'contacted') and deleted = false
    ) d on true`.execute(database);
  const bidders: (BidderRow | undefined)[] = [];
  for (const { ask, ...bidder } of rows) bidders[Number(ask) - 1] = bidder.uuid ? (bidder as BidderRow) : undefined;
  return bidders;
}

/**
 * Where a new bid stands among its post's bids in the bids read model, under either sort key: what the post's own
 * fold answers (`standingOf`), for posts with bids registered before the post kept their rates. The leading bids come
 * from post_leading_bids; the bids that rank before the new one are counted in the order of rankBids
 * (domain/bid/rules.ts: lower rate first, ties by who bid first).
 */
export async function bidStandingOf(database: Database, ask: StandingAsk & { post_id: string }): Promise<Record<PostSortKey, BidStanding>> {
  const { rows } = await sql<{ leading_cr: number | null; leading_ir: number | null; ahead_cr: number; ahead_ir: number }>`
    select l.cr_comparison_rate as leading_cr, l.ir_comparison_rate as leading_ir,
      count(*) filter (where (b.comparison_rate, b.created_at, b.uuid) < (${ask.comparison_rate}::float8, ${ask.placed_at}::timestamptz, ${ask.bid_id}::uuid))::int as ahead_cr,
      count(*) filter (where (b.interest_rate, b.created_at, b.uuid) < (${ask.interest_rate}::float8, ${ask.placed_at}::timestamptz, ${ask.bid_id}::uuid))::int as ahead_ir
    from (select ${ask.post_id}::uuid as post_id) q
    left join post_leading_bids l on l.post_id = q.post_id
    left join bids b on b.post_id = q.post_id and b.status <> 'cancelled' and b.deleted = false
    group by l.cr_comparison_rate, l.ir_comparison_rate`.execute(database);
  const row = rows[0]!;
  return {
    comparison_rate: { leadingComparisonRate: row.leading_cr, ahead: row.ahead_cr },
    interest_rate: { leadingComparisonRate: row.leading_ir, ahead: row.ahead_ir },
  };
}

export type BidderRow = {
  uuid: string;
  user_type: UsersTable['user_type'];
  status: UsersTable['status'];
  organisation_uuid: string | null;
  permissions: UsersTable['permissions'];
  bids_accepted_limit: number | null;
  bids_contacted_limit: number | null;
  full_name: string;
  organisation_type: OrganisationsTable['organisation_type'] | null;
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
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(bidSortable, query.sorting, ['created_at', 'desc'])) ordered = ordered.orderBy(field, direction);
  // The uuid breaks ties, so pages never overlap.
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}

export type BidOrganisation = { uuid: string; name: string; logo_file_id: string | null };

/** The organisations of a page of bids, by uuid (names and logos shown beside the bids). */
export async function organisationsOf(database: Database, uuids: readonly string[]): Promise<Map<string, BidOrganisation>> {
  if (uuids.length === 0) return new Map();
  const rows = await database
    .selectFrom('organisations')
    .select(['uuid', 'name', 'logo_file_id'])
    .where('uuid', 'in', [...new Set(uuids)])
    .execute();
  return new Map(rows.map((row) => [row.uuid, row]));
}

/** The providers' full names, by uuid (shown to the organisation's viewers and admins). */
export async function providerNamesOf(database: Database, uuids: readonly string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await database
    .selectFrom('users')
    .select(['uuid', sql<string>`trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`.as('full_name')])
    .where('uuid', 'in', [...new Set(uuids)])
    .execute();
  return new Map(rows.map((row) => [row.uuid, row.full_name]));
}

/**
 * spec 3 §4 "Cancel active bids": the template's bids still active on posts in bidding, oldest first. A template
 * bids as its provider, so the provider narrows the search (bids_provider index) before the template does.
 */
export async function activeBidsOfTemplate(database: Database, template: { uuid: string; owner_id: string }): Promise<string[]> {
  const rows = await bids(database)
    .innerJoin('posts', 'posts.uuid', 'bids.post_id')
    .select('bids.uuid')
    .where('bids.provider_id', '=', template.owner_id)
    .where('bids.template_id', '=', template.uuid)
    .where('bids.status', '=', 'active')
    .where('bids.deleted', '=', false)
    .where('posts.status', '=', 'active')
    .where('posts.deleted', '=', false)
    .orderBy('bids.created_at')
    .orderBy('bids.uuid')
    .execute();
  return rows.map((row) => row.uuid);
}
