import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { PermissionKey } from '../domain/user/permissions';
import type { UserType } from '../domain/user/schemas';
import { authenticate, type AuthenticationDependencies, type Caller } from './authentication';
import { problem, sendProblem } from './problem';

/** Who may call a route (docs/security.md "Access"). Checked on the server for every route, whatever the UI shows. */
export type AccessRule = {
  /** Omitted: any logged-in user type. */
  userTypes?: readonly UserType[];
  /** A stored permission the caller must hold (domain/user/permissions.ts). */
  permission?: PermissionKey;
  /** An approved provider may log in only to complete the profile; routes serving that say so. */
  allowApproved?: boolean;
  /** A customer still creating the first post (spec 2 §2) reaches only the post wizard's routes, which say so. */
  allowCreating?: boolean;
};

export const forbidden = () => problem(403, 'FORBIDDEN', 'You are not allowed to do this.');

/** Answers 401 (the spec's token texts) without a valid token and 403 when the caller falls outside the rule. */
export function allow(deps: AuthenticationDependencies, rule: AccessRule = {}): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const caller = await authenticate(deps, request, reply);
    if (!caller) return reply;
    if (caller.status === 'approved' && !rule.allowApproved) return sendProblem(reply, forbidden());
    if (caller.status === 'creating' && !rule.allowCreating) return sendProblem(reply, forbidden());
    if (rule.userTypes && !rule.userTypes.includes(caller.userType)) return sendProblem(reply, forbidden());
    if (rule.permission && !caller.permissions[rule.permission]) return sendProblem(reply, forbidden());
    request.caller = caller;
  };
}

/** Administration (spec 1 §6, spec 3 §6): admins only, and an admin without `view` keeps only the system settings. */
export const adminOnly = (deps: AuthenticationDependencies) => allow(deps, { userTypes: ['admin'], permission: 'view' });

/** The caller a guarded route was let in with. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('callerOf() on a route without an access rule');
  return request.caller;
}
