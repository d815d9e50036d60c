import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { UserStatus, UserType } from '../domain/user/schemas';
import type { Clock } from '../infrastructure/clock';
import type { Database } from '../infrastructure/database/database';
import type { AppSecrets } from '../infrastructure/secrets';
import { verifyAccessToken } from '../infrastructure/tokens';
import { findUser } from '../projections/users/queries';
import { problem, sendProblem } from './problem';

export type Caller = { userId: string; userType: UserType; status: UserStatus };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** Statuses that may use the product once logged in; an approved provider may only complete the profile. */
export const statusesThatMayLogIn: readonly UserStatus[] = ['active', 'approved'];

// spec 1 §8 / DESIGN.md §5: these two texts make clients refresh their token.
const invalid = () => problem(401, 'TOKEN_INVALID', 'The access token is invalid');
const expired = () => problem(401, 'TOKEN_EXPIRED', 'The access token has expired');

export async function resolveCaller(deps: { db: Database; secrets: AppSecrets; clock: Clock }, request: FastifyRequest): Promise<Caller | null | 'invalid' | 'expired'> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]{10,2000})$/.exec(header);
  if (!match) return 'invalid';
  const check = await verifyAccessToken(deps.secrets.accessTokenKey, match[1]!, deps.clock.now());
  if (!check.ok) return check.reason;
  // The token is only as good as the account behind it now: a suspended or deleted user is out at once.
  const user = await findUser(deps.db, check.claims.userId);
  if (!user || !statusesThatMayLogIn.includes(user.status)) return 'invalid';
  return { userId: user.uuid, userType: user.user_type, status: user.status };
}

/** Requires a logged-in caller (401 with the spec's token texts otherwise) and puts it on `request.caller`. */
export function authenticated(deps: { db: Database; secrets: AppSecrets; clock: Clock }): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await resolveCaller(deps, request);
    if (caller === 'expired') return sendProblem(reply, expired());
    if (caller === 'invalid' || caller === null) return sendProblem(reply, invalid());
    request.caller = caller;
  };
}
