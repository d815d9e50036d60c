import { sql } from 'kysely';
import { type BidLimitLevel, bidLimitCounts, bidLimitLevel } from '../../domain/deal/figures';
import type { DealActivityType } from '../../domain/deal/schemas';
import type { DealStage } from '../../domain/deal/stages';
import type { Database } from '../../infrastructure/database/database';
import { pageOf, pageRows } from '../../infrastructure/database/list-queries';
import type { DealPostSummary } from '../../contracts/deal';
import { externalLoansOf } from '../external-deals/queries';
import { providerPlaceOf } from '../posts/queries';
import type { DealActivityRow, DealRow } from './deals';

// The questions the deal routes ask of the deals read model (api/routes/deals.ts, acceptance.ts).

/** Whose deals a list may show: everything (admin), one provider's, or one organisation's. */
export type DealScope = { kind: 'all' } | { kind: 'provider'; providerId: string } | { kind: 'organisation'; organisationId: string };

export type DealListQuery = {
  scope: DealScope;
  stages: readonly DealStage[] | null;
  /** Deals with an activity of this type (in the date range, when one is given). */
  activityType: DealActivityType | null;
  /** YYYY-MM-DD, inclusive: deals with an activity dated in the range. */
  activityDateFrom: string | null;
  activityDateTo: string | null;
  providerId: string | null;
  organisationId: string | null;
  /** Only external deals (true) or only the auction's (false). */
  external: boolean | null;
  page: number;
  count: number;
  sortField: 'updated_at' | 'opened_at' | 'value' | 'last_activity_date';
  sortDirection: 'asc' | 'desc';
};

export async function listDeals(db: Database, query: DealListQuery): Promise<{ total_records: number; rows: DealRow[] }> {
  let filtered = db.selectFrom('deals').where('deleted', '=', false);
  const { scope } = query;
  if (scope.kind === 'provider') filtered = filtered.where('provider_id', '=', scope.providerId);
  if (scope.kind === 'organisation') filtered = filtered.where('organisation_id', '=', scope.organisationId);
  if (query.providerId) filtered = filtered.where('provider_id', '=', query.providerId);
  if (query.organisationId) filtered = filtered.where('organisation_id', '=', query.organisationId);
  if (query.stages) filtered = filtered.where('stage', 'in', [...query.stages]);
  if (query.external !== null) filtered = filtered.where('external', '=', query.external);
  if (query.activityType || query.activityDateFrom || query.activityDateTo) {
    const { activityType, activityDateFrom, activityDateTo } = query;
    filtered = filtered.where(({ exists, selectFrom }) => {
      let activities = selectFrom('deal_activities').select(sql<number>`1`.as('one')).whereRef('deal_activities.deal_id', '=', 'deals.uuid').where('deal_activities.deleted', '=', false);
      if (activityType) activities = activities.where('deal_activities.activity_type', '=', activityType);
      if (activityDateFrom) activities = activities.where('deal_activities.activity_date', '>=', activityDateFrom);
      if (activityDateTo) activities = activities.where('deal_activities.activity_date', '<=', activityDateTo);
      return exists(activities);
    });
  }
  const ordered = filtered.selectAll().orderBy(query.sortField, query.sortDirection).orderBy('uuid');
  if (query.activityType || query.activityDateFrom || query.activityDateTo) {
    const { total_records, result } = await pageOf(ordered, filtered, query);
    return { total_records, rows: result };
  }
  const [rows, total_records] = await Promise.all([pageRows(ordered, query), keptTotal(db, query)]);
  return { total_records, rows };
}

/**
 * The list's total from deal_counts (kept by the projection): the same conditions but the activities', which the
 * counts do not know (those lists are counted). A few rows per provider or organisation, however many deals.
 */
async function keptTotal(db: Database, query: DealListQuery): Promise<number> {
  let counts = db.selectFrom('deal_counts').select(sql<string>`coalesce(sum(n), 0)`.as('total'));
  const { scope } = query;
  if (scope.kind === 'provider') counts = counts.where('provider_id', '=', scope.providerId);
  if (scope.kind === 'organisation') counts = counts.where('organisation_id', '=', scope.organisationId);
  if (query.providerId) counts = counts.where('provider_id', '=', query.providerId);
  if (query.organisationId) counts = counts.where('organisation_id', '=', query.organisationId);
  if (query.stages) counts = counts.where('stage', 'in', [...query.stages]);
  if (query.external !== null) counts = counts.where('external', '=', query.external);
  return Number((await counts.executeTakeFirstOrThrow()).total);
}

export async function findDeal(database: Database, dealId: string): Promise<DealRow | undefined> {
  return database.selectFrom('deals').selectAll().where('uuid', '=', dealId).where('deleted', '=', false).executeTakeFirst();
}

export async function findDealOfBid(database: Database, bidId: string): Promise<DealRow | undefined> {
  return database.selectFrom('deals').selectAll().where('bid_id', '=', bidId).where('deleted', '=', false).executeTakeFirst();
}

/** The deal's activities as recorded (deleted ones left out). */
export async function dealActivities(database: Database, dealId: string): Promise<DealActivityRow[]> {
  return database.selectFrom('deal_activities').selectAll().where('deal_id', '=', dealId).where('deleted', '=', false).orderBy('seq').execute();
}

/** The deal an activity belongs to (deleted activities too, so deleting again answers as gone). */
export async function findActivity(database: Database, activityId: string): Promise<Pick<DealActivityRow, 'activity_id' | 'deal_id' | 'deleted'> | undefined> {
  return database.selectFrom('deal_activities').select(['activity_id', 'deal_id', 'deleted']).where('activity_id', '=', activityId).executeTakeFirst();
}

/**
 * The deal cards' post summaries, by post id, in one query: the loan and its place as the posts' names have it
 * (projections/posts/queries.ts providerPlaceOf: the customer's home only where it is the property).
 */
export async function postSummariesOf(database: Database, postIds: readonly string[]): Promise<Map<string, DealPostSummary>> {
  if (postIds.length === 0) return new Map();
  const place = providerPlaceOf('posts');
  const rows = await database
    .selectFrom('posts')
    .select(['uuid', 'loan_type', 'loan_amount', place.suburb.as('suburb'), place.state.as('state')])
    .where('uuid', 'in', [...new Set(postIds)])
    .execute();
  const summaries = new Map<string, DealPostSummary>(rows.map((row) => [row.uuid, { loan_type: row.loan_type, loan_amount: row.loan_amount, suburb: row.suburb, state: row.state }]));
  // An external deal's post is the external deal itself (docs/external-deals.md): its loan, no place.
  const external = await externalLoansOf(database, postIds.filter((id) => !summaries.has(id)));
  for (const [id, loan] of external) summaries.set(id, { ...loan, suburb: null, state: null });
  return summaries;
}

/** Customers' full names by id, in one query (the caller decides whose it may show). */
export async function customerNamesOf(database: Database, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await database.selectFrom('users').select(['uuid', 'first_name', 'last_name']).where('uuid', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((row) => [row.uuid, [row.first_name, row.last_name].filter(Boolean).join(' ')]));
}

export type BiddingLimit = { used: number; limit: number | null; level: BidLimitLevel };
export type BiddingLimitState = { accepted: BiddingLimit; contacted: BiddingLimit; maxed: boolean };

/**
 * A provider's bidding limits (spec 3 §3 "Provider limits", §4 "Bidding limit warnings"): its deals now accepted and
 * now contacted against `bids_accepted_limit` / `bids_contacted_limit`; `maxed` when either is at 100%.
 */
export async function biddingLimitState(db: Database, providerId: string): Promise<BiddingLimitState> {
  const [stages, user] = await Promise.all([
    db.selectFrom('deals').select('stage').where('provider_id', '=', providerId).where('deleted', '=', false).where('stage', 'in', ['accepted', 'contacted']).execute(),
    db.selectFrom('users').select(['bids_accepted_limit', 'bids_contacted_limit']).where('uuid', '=', providerId).executeTakeFirst(),
  ]);
  const counts = bidLimitCounts(stages.map((row) => row.stage));
  const limitOf = (used: number, limit: number | null): BiddingLimit => ({ used, limit, level: bidLimitLevel(used, limit) });
  const accepted = limitOf(counts.total_accepted_bids, user?.bids_accepted_limit ?? null);
  const contacted = limitOf(counts.total_contacted_bids, user?.bids_contacted_limit ?? null);
  return { accepted, contacted, maxed: accepted.level === 'maxed' || contacted.level === 'maxed' };
}
