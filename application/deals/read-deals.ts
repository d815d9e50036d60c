import type { DealPostSummary, DealSummaryView, DealView } from '../../contracts/deal';
import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { activityLabel } from '../../domain/deal/figures';
import { allowedActivityTypes, positionOf } from '../../domain/deal/stages';
import type { ListResult } from '../../domain/shared/list-query';
import { loadState } from '../../infrastructure/command-handler';
import type { DealRow } from '../../projections/deals/deals';
import { customerNamesOf, dealActivities, type DealListQuery, type DealScope, listDeals, postSummariesOf } from '../../projections/deals/queries';
import { findOrganisation, organisationNamesOf } from '../../projections/organisations/queries';
import { findUser } from '../../projections/users/queries';
import type { Actor } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { maySeeCustomer, mayWriteDeal } from './deal-access';

// The deals board and the deal page (spec 1 §2 "Deals", spec 3 §3): the read model's rows with the post, the
// provider, the bid from its stream and, for whom may see them, the customer's details (docs/deals.md).

const iso = (date: Date) => date.toISOString();

/** What a card shows beyond the deal's own row (postSummariesOf, customerNamesOf). */
type DealExtras = { post: DealPostSummary | null; customer_name: string | null; organisation_name: string | null };

const summaryOf = (deal: DealRow, extras: DealExtras): DealSummaryView => ({
  uuid: deal.uuid,
  bid_id: deal.bid_id,
  post_id: deal.post_id,
  stage: deal.stage,
  external: deal.external,
  loan_amount: deal.loan_amount,
  value: deal.value,
  value_label: deal.value_label,
  provider_id: deal.provider_id,
  organisation_id: deal.organisation_id,
  opened_at: iso(deal.opened_at),
  updated_at: iso(deal.updated_at),
  last_activity_date: deal.last_activity_date,
  not_proceeding_reason: deal.not_proceeding_reason,
  ...extras,
});

/** The board's deals the actor may see: a provider its own, or its organisation's with view_all_within_organisation; an admin all. */
export async function dealBoard(db: WorkflowDependencies['db'], actor: Actor, query: Omit<DealListQuery, 'scope'>): Promise<ListResult<DealSummaryView>> {
  let scope: DealScope = { kind: 'all' };
  if (actor.userType === 'fsp') {
    scope =
      actor.permissions.view_all_within_organisation && actor.organisationUuid
        ? { kind: 'organisation', organisationId: actor.organisationUuid }
        : { kind: 'provider', providerId: actor.userId };
  }
  const { total_records, rows } = await listDeals(db, { ...query, scope });
  // One query each for the page's posts and the customers' names the actor may see.
  const shown = rows.filter((deal) => maySeeCustomer(actor, deal));
  const [posts, names, organisations] = await Promise.all([
    postSummariesOf(db, rows.map((deal) => deal.post_id)),
    customerNamesOf(db, shown.map((deal) => deal.customer_id)),
    organisationNamesOf(db, rows.map((deal) => deal.organisation_id)),
  ]);
  const extrasOf = (deal: DealRow): DealExtras => ({
    post: posts.get(deal.post_id) ?? null,
    customer_name: maySeeCustomer(actor, deal) ? (names.get(deal.customer_id) ?? null) : null,
    organisation_name: organisations.get(deal.organisation_id) ?? null,
  });
  return { total_records, result: rows.map((deal) => summaryOf(deal, extrasOf(deal))) };
}

/** The deal page: activities, the bid, the contact preference, the provider; the customer for its provider and admins. */
export async function dealViewOf(deps: Pick<WorkflowDependencies, 'db' | 'store'>, actor: Actor, deal: DealRow): Promise<DealView> {
  const { db, store } = deps;
  const [activities, bid, provider, organisation, customer] = await Promise.all([
    dealActivities(db, deal.uuid),
    loadState(store, bidStream(deal.bid_id), bidDecider),
    findUser(db, deal.provider_id),
    findOrganisation(db, deal.organisation_id),
    maySeeCustomer(actor, deal) ? findUser(db, deal.customer_id) : Promise.resolve(undefined),
  ]);
  const post = (await postSummariesOf(db, [deal.post_id])).get(deal.post_id) ?? null;
  const customerName = customer ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') : null;
  return {
    ...summaryOf(deal, { post, customer_name: customerName, organisation_name: organisation?.name ?? null }),
    activities: activities.map((a) => ({
      uuid: a.activity_id,
      activity_type: a.activity_type,
      label: activityLabel(a.activity_type),
      amount: a.amount,
      description: a.description,
      activity_date: a.activity_date,
      settled_lender: a.settled_lender,
      reason: a.reason,
      created_by: a.created_by,
      created_at: iso(a.created_at),
    })),
    allowed_activity_types: mayWriteDeal(actor, deal) ? allowedActivityTypes(positionOf(activities)) : [],
    contact_preference: { uuid: deal.uuid, ...deal.contact_preference },
    // A deal's bid is never deleted (domain/bid/decider.ts deletableStatuses).
    bid: bid.state.status === 'absent' || bid.state.status === 'deleted' ? null : { uuid: bid.state.bid.bid_id, status: bid.state.status, home_loan_bid: bid.state.bid.form },
    provider: {
      uuid: deal.provider_id,
      first_name: provider?.first_name ?? null,
      last_name: provider?.last_name ?? null,
      email: provider?.email ?? null,
      organisation: { uuid: deal.organisation_id, name: organisation?.name ?? null },
    },
    customer: customer
      ? { uuid: customer.uuid, first_name: customer.first_name, last_name: customer.last_name, email: customer.email, country_code: customer.country_code, mobile_number: customer.mobile_number }
      : null,
  };
}
