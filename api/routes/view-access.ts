import type { onRequestAsyncHookHandler } from 'fastify';
import type { UserType } from '../../domain/user/schemas';
import { allow, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';

// The access of the trade screens (deals, acceptance, post notes, messages, reviews): an admin without `view` keeps
// only the system settings (api/access.ts adminOnly), so never reaches them. Which deal or conversation a caller
// may read is the application's rule (application/deals/deal-access.ts, application/messages/).

const adminNeedsView: onRequestAsyncHookHandler = async (request, reply) => {
  if (request.caller?.userType === 'admin' && !request.caller.permissions.view) return sendProblem(reply, forbidden());
};

/** These user types (omitted: any), and admins only with `view`. */
export const accessWithView = (deps: AppDependencies, userTypes?: readonly UserType[]) => [allow(deps, userTypes ? { userTypes } : {}), adminNeedsView];
