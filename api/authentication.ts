import type { FastifyReply, FastifyRequest } from 'fastify';
import { effectivePermissions, type PermissionMap } from '../domain/user/permissions';
import { statusesThatMayLogIn, type UserStatus, type UserType } from '../domain/user/schemas';
import type { Clock } from '../infrastructure/clock';
import type { Database } from '../infrastructure/database/database';
import type { AppSecrets } from '../infrastructure/secrets';
import { endedSessionsOf, verifyAccessToken } from '../infrastructure/tokens';
import { type CallerRow, findCallerRow } from '../projections/users/queries';
import type { KnownCallers } from './known-callers';
import { problem, sendProblem } from './problem';

export type Caller = {
  userId: string;
  userType: UserType;
  status: UserStatus;
  organisationUuid: string | null;
  permissions: PermissionMap;
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** What a request needs to know of its caller beyond the token: the user as the read model has it, and the sessions ended lately. */
export type KnownCaller = { row: CallerRow; endedSessions: readonly string[] };

export type AuthenticationDependencies = {
  db: Database;
  secrets: AppSecrets;
  clock: Clock;
  /** The callers kept between requests; without it each request reads its caller. */
  callers?: KnownCallers<KnownCaller>;
};

// spec 1 §8 / DESIGN.md §5: these two texts make clients refresh their token.
export const tokenInvalid = () => problem(401, 'TOKEN_INVALID', 'The access token is invalid');
const tokenExpired = () => problem(401, 'TOKEN_EXPIRED', 'The access token has expired');

export async function resolveCaller(deps: AuthenticationDependencies, request: FastifyRequest): Promise<Caller | null | 'invalid' | 'expired'> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]{10,2000})$/.exec(header);
  if (!match) return 'invalid';
  const check = await verifyAccessToken(deps.secrets.accessTokenKey, match[1]!, deps.clock.now());
  if (!check.ok) return check.reason;
  // The token is only as good as the account and session behind it now: a suspended or deleted user is out at once,
  // a changed permission counts from the next request, and so does a log-out or a password change.
  const read = (userId: string) => readCaller(deps, userId);
  const known = await (deps.callers ? deps.callers.row(check.claims.userId, read) : read(check.claims.userId));
  if (!known || !statusesThatMayLogIn.includes(known.row.status)) return 'invalid';
  const { sessionId } = check.claims;
  if (sessionId !== null && known.endedSessions.includes(sessionId)) return 'invalid';
  return callerFromUser(known.row);
}

async function readCaller(deps: AuthenticationDependencies, userId: string): Promise<KnownCaller | undefined> {
  const row = await findCallerRow(deps.db, userId);
  return row && { row, endedSessions: await endedSessionsOf(deps.db, userId, deps.clock.now()) };
}

/** The caller a user is, with the permissions as they stand now (also for the e-mail links' recipients). */
export function callerFromUser(user: CallerRow): Caller {
  return {
    userId: user.uuid,
    userType: user.user_type,
    status: user.status,
    organisationUuid: user.organisation_uuid,
    permissions: effectivePermissions(user.user_type, user.permissions),
  };
}

/** The logged-in caller, or null after answering 401 with the spec's token texts. */
export async function authenticate(deps: AuthenticationDependencies, request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
  const caller = await resolveCaller(deps, request);
  if (caller === 'expired') {
    await sendProblem(reply, tokenExpired());
    return null;
  }
  if (caller === 'invalid' || caller === null) {
    await sendProblem(reply, tokenInvalid());
    return null;
  }
  return caller;
}
