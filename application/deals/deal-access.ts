import { dealErrors } from '../../domain/deal/decider';
import type { DealRow } from '../../projections/deals/deals';
import { findActivity, findDeal } from '../../projections/deals/queries';
import type { WorkflowDependencies } from '../dependencies';
import type { Actor } from '../caller';
import type { Refusal } from '../refusals';

// Who sees and writes what of a deal (docs/deals.md "Who sees what"). A deal the actor may not read is answered like
// one that does not exist.

export const dealNotFound: Refusal = { code: dealErrors.notFound, message: 'Deal not found.' };
export const activityNotFound: Refusal = { code: dealErrors.activityNotFound, message: 'Activity not found.' };

/**
 * spec 1 §2: a provider sees deal details only for its own bids; with `view_all_within_organisation` its
 * organisation's deals too (read only); an admin (with `view`) every deal.
 */
export function mayReadDeal(actor: Actor, deal: Pick<DealRow, 'provider_id' | 'organisation_id'>): boolean {
  if (actor.userType === 'admin') return actor.permissions.view;
  if (actor.userType !== 'fsp') return false;
  if (actor.userId === deal.provider_id) return true;
  return actor.permissions.view_all_within_organisation && actor.organisationUuid === deal.organisation_id;
}

/** spec 1 §6: the customer's details go to the winning provider and admins only. */
export const maySeeCustomer = (actor: Actor, deal: Pick<DealRow, 'provider_id'>): boolean => actor.userType === 'admin' || actor.userId === deal.provider_id;

/** Who writes on a deal: its provider or an admin (the decider checks it again). */
export const mayWriteDeal = (actor: Actor, deal: Pick<DealRow, 'provider_id'>) => actor.userType === 'admin' || actor.userId === deal.provider_id;

/** The contact preference is the customer's, and readable by the deal's readers too (spec 3 §7). */
export const mayReadContactPreference = (actor: Actor, deal: DealRow) => actor.userId === deal.customer_id || mayReadDeal(actor, deal);

/** The deal when the actor may read it. */
export async function readableDeal(db: WorkflowDependencies['db'], actor: Actor, dealId: string): Promise<DealRow | null> {
  const deal = await findDeal(db, dealId);
  return deal && mayReadDeal(actor, deal) ? deal : null;
}

/** The deal holding an activity (not deleted), when the actor may read it. */
export async function dealOfActivity(db: WorkflowDependencies['db'], actor: Actor, activityId: string): Promise<DealRow | null> {
  const activity = await findActivity(db, activityId);
  if (!activity || activity.deleted) return null;
  return readableDeal(db, actor, activity.deal_id);
}
