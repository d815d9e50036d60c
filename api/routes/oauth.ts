import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorizeRequest, tokenRequest, tokenResponse } from '../../domain/user/schemas';
import { issueAuthorizationCode, redeemAuthorizationCode } from '../../infrastructure/authorization-codes';
import { spendPasswordCheck, verifyPassword } from '../../infrastructure/passwords';
import { issueSessionTokens, revokeRefreshToken, rotateRefreshToken, verifyUserKey } from '../../infrastructure/tokens';
import { findUser, findUserByEmail } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import type { AppDependencies } from '../dependencies';
import { statusesThatMayLogIn } from '../../domain/user/schemas';
import { type Problem, problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { rateLimitOptions } from '../rate-limits';

/**
 * The clients that may use the authorization-code flow, with the redirects they may ask for. The product's own UI is
 * `web`; an external OpenID Connect provider would take the identity page's place (docs/security.md).
 */
const clients: Record<string, { redirectUris: readonly string[] }> = { web: { redirectUris: ['/login/callback'] } };

const invalidCredentials = () => problem(401, 'INVALID_CREDENTIALS', 'The e-mail or password is not right.');
const invalidGrant = () => problem(400, 'INVALID_GRANT', 'The log-in code is invalid or has expired. Please, log in again.');
const invalidRefreshToken = () => problem(403, 'REFRESH_TOKEN_INVALID', 'Unknown or invalid refresh token.');

/** Log-in: `POST /oauth/token` (grants password, refresh_token, authorization_code, user_key), the identity page's `POST /oauth/authorize`, log-out. */
export const oauthRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock, secrets } = deps;

    // Log-in is rate-limited per account and per address (docs/security.md); counted after the body is parsed, so
    // the account is known.
    await app.register(rateLimit, rateLimitOptions(deps.db, { hook: 'preHandler' }));
    const loginAddressLimit = app.createRateLimit({ max: 30, timeWindow: '1 minute', keyGenerator: (request) => `login-address:${request.ip}` });
    const loginLimits = {
      // Password guesses from one address across many accounts (credential stuffing) are slowed down too. A second
      // limiter of the plugin would be skipped on a request the first one saw, hence the check by hand. Refreshes,
      // code exchanges and user keys are no guesses: offices behind one address refresh all day.
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (typeof (request.body as { username?: unknown } | undefined)?.username !== 'string') return;
        const limit = await loginAddressLimit(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', limit.ttlInSeconds);
          return sendProblem(reply, problem(429, 'TOO_MANY_REQUESTS', 'Too many log-in attempts from this address. Try again in a minute.'));
        }
      },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          // Per account for passwords (one account tried from many places), per credential for the other grants.
          keyGenerator: (request: FastifyRequest) => {
            const body = (request.body ?? {}) as Record<string, unknown>;
            if (typeof body.username === 'string') return `account:${body.username.trim().toLowerCase()}`;
            const credential = [body.refresh_token, body.code, body.user_key].find((value) => typeof value === 'string');
            return typeof credential === 'string' ? `credential:${createHash('sha256').update(credential).digest('base64url')}` : `ip:${request.ip}`;
          },
        },
      },
    };

    /** The user behind an e-mail and password, or the problem to answer. The time taken does not tell whether the account exists. */
    async function checkCredentials(username: string, password: string): Promise<UserRow | Problem> {
      const user = await findUserByEmail(db, username);
      const passwordOk = user?.password_hash ? await verifyPassword(user.password_hash, password) : await spendPasswordCheck(password);
      if (!user || !passwordOk) return invalidCredentials();
      if (!statusesThatMayLogIn.includes(user.status)) {
        const detail = user.status === 'pending' ? 'Your account is waiting for approval.' : 'This account cannot log in. Please contact us.';
        return problem(403, 'ACCOUNT_NOT_ACTIVE', detail);
      }
      return user;
    }

    /** A new session's tokens (log-in), or a refreshed session's (`session`: its id and the rotated refresh token). */
    const tokensFor = (user: UserRow, session?: { sessionId: string; refreshToken: string }) =>
      issueSessionTokens(db, secrets.accessTokenKey, { userId: user.uuid, userType: user.user_type }, clock.now(), session);

    const mayLogIn = (user: UserRow | undefined): user is UserRow => user !== undefined && statusesThatMayLogIn.includes(user.status);

    app.post(
      '/oauth/token',
      {
        ...loginLimits,
        schema: {
          tags: ['identity'],
          summary: 'Log in (password, authorization_code with PKCE, user_key) or refresh the access token (refresh_token)',
          body: tokenRequest,
          response: { 200: tokenResponse, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const now = clock.now();
        switch (body.grant_type) {
          case 'password': {
            const user = await checkCredentials(body.username, body.password);
            return 'uuid' in user ? tokensFor(user) : sendProblem(reply, user);
          }
          case 'refresh_token': {
            const rotated = await rotateRefreshToken(db, body.refresh_token, now);
            const user = rotated ? await findUser(db, rotated.userId) : undefined;
            return rotated && mayLogIn(user) ? tokensFor(user, rotated) : sendProblem(reply, invalidRefreshToken());
          }
          case 'authorization_code': {
            const userId = await redeemAuthorizationCode(db, body.code, { clientId: body.client_id, redirectUri: body.redirect_uri, codeVerifier: body.code_verifier }, now);
            const user = userId ? await findUser(db, userId) : undefined;
            return mayLogIn(user) ? tokensFor(user) : sendProblem(reply, invalidGrant());
          }
          case 'user_key': {
            // Keys are e-mailed to customers only; anyone else logs in with a password.
            const userId = await verifyUserKey(secrets.accessTokenKey, body.user_key, now);
            const user = userId ? await findUser(db, userId) : undefined;
            return user?.user_type === 'customer' && (user.status === 'active' || user.status === 'creating')
              ? tokensFor(user)
              : sendProblem(reply, problem(401, 'USER_KEY_INVALID', 'This link is no longer valid. Please, log in.'));
          }
        }
      },
    );

    app.post(
      '/oauth/authorize',
      {
        ...loginLimits,
        schema: {
          tags: ['identity'],
          summary: "The identity page's log-in: checks the password and answers where to send the browser with a one-time code",
          body: authorizeRequest,
          response: { 200: z.object({ redirect_to: z.string() }), 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!clients[body.client_id]?.redirectUris.includes(body.redirect_uri)) {
          return sendProblem(reply, problem(400, 'INVALID_CLIENT', 'Unknown client or redirect.'));
        }
        const user = await checkCredentials(body.username, body.password);
        if (!('uuid' in user)) return sendProblem(reply, user);
        const code = await issueAuthorizationCode(db, { userId: user.uuid, clientId: body.client_id, redirectUri: body.redirect_uri, codeChallenge: body.code_challenge }, clock.now());
        const query = new URLSearchParams({ code, state: body.state });
        return { redirect_to: `${body.redirect_uri}?${query}` };
      },
    );

    app.post(
      '/oauth/revoke',
      {
        schema: {
          tags: ['identity'],
          summary: 'Log out: revoke a refresh token and its family',
          body: z.strictObject({ refresh_token: z.string().min(1).max(200) }),
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = await revokeRefreshToken(db, request.body.refresh_token, clock.now());
        // This process reads the caller again at once; the others when the notification arrives.
        if (userId) deps.callers?.forget(userId);
        return reply.code(204).send(null);
      },
    );
  };
