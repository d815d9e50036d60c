import type { onRequestAsyncHookHandler } from 'fastify';
import { type DealError, dealErrors } from '../../domain/deal/decider';
import type { DealRow } from '../../projections/deals/deals';
import { allow, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { type Problem, problem, sendProblem } from '../problem';

// What the deal routes share (api/routes/deals.ts, acceptance.ts): who may see a deal and the problems its
// refusals become (docs/deals.md "Who sees what").

/** An admin without `view` keeps only the system settings (api/access.ts adminOnly), so never reaches a deal. */
const adminNeedsView: onRequestAsyncHookHandler = async (request, reply) => {
  if (request.caller?.userType === 'admin' && !request.caller.permissions.view) return sendProblem(reply, forbidden());
};

/** The deal routes' access: these user types, and admins only with `view`. */
export const dealAccess = (deps: AppDependencies, userTypes: readonly ('customer' | 'fsp' | 'admin')[]) => [allow(deps, { userTypes }), adminNeedsView];

/**
 * spec 1 §2: a provider sees deal details only for its own bids; with `view_all_within_organisation` its
 * organisation's deals too (read only); an admin (with `view`) every deal.
 */
export function mayReadDeal(caller: Caller, deal: Pick<DealRow, 'provider_id' | 'organisation_id'>): boolean {
  if (caller.userType === 'admin') return caller.permissions.view;
  if (caller.userType !== 'fsp') return false;
  if (caller.userId === deal.provider_id) return true;
  return caller.permissions.view_all_within_organisation && caller.organisationUuid === deal.organisation_id;
}

/** spec 1 §6: the customer's details go to the winning provider and admins only. */
export const maySeeCustomer = (caller: Caller, deal: Pick<DealRow, 'provider_id'>): boolean => caller.userType === 'admin' || caller.userId === deal.provider_id;

const statusOf: Record<string, number> = {
  [dealErrors.notFound]: 404,
  [dealErrors.activityNotFound]: 404,
  [dealErrors.notYours]: 403,
  [dealErrors.notCustomer]: 403,
  [dealErrors.invalid]: 422,
  [dealErrors.contactPreferenceInvalid]: 422,
};

/** Field names as the API's bodies spell them: the activity's type is its `operation`. */
const apiField = (field: string) => (field === 'activity_type' ? 'operation' : field);

/** A refusal as problem+json; conflicts with the deal's state (a step out of order, a kept activity) are 409. */
export function dealProblem(error: DealError, wrapper?: string): Problem {
  const errors = error.errors
    ? Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [wrapper ? `${wrapper}.${field}` : apiField(field), messages]))
    : undefined;
  return problem(statusOf[error.code] ?? 409, error.code, error.message, errors);
}
