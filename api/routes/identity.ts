import { createHmac } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDecider } from '../../domain/user/decider';
import { emailReservationDecider, emailReservationStream, emailTakenError } from '../../domain/user/email-reservation';
import { userStream } from '../../domain/user/events';
import { email as emailSchema, providerSignUp, tokenRequest, tokenResponse, type UserView, userView } from '../../domain/user/schemas';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../infrastructure/passwords';
import { ACCESS_TOKEN_SECONDS, issueAccessToken, issueRefreshToken, revokeRefreshToken, rotateRefreshToken } from '../../infrastructure/tokens';
import { waitForProjections } from '../../projections/projection-status';
import { findUser, findUserByEmail } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import type { AppDependencies } from '../app';
import { authenticated, resolveCaller, statusesThatMayLogIn } from '../authentication';
import { problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

export function toUserView(row: UserRow): UserView {
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(' ') || null;
  return {
    uuid: row.uuid,
    user_type: row.user_type,
    status: row.status,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName,
    email: row.email,
    email_verified: row.email_verified,
    country_code: row.country_code,
    mobile_number: row.mobile_number,
    fsp:
      row.user_type === 'fsp'
        ? {
            organisation: { uuid: row.organisation_uuid, name: row.organisation_name },
            provider_type: row.provider_type,
            provider_type_label: row.provider_type === 'financial_institution' ? 'Bank Lender' : 'Broker',
            membership_type: row.membership_type,
            membership_value: row.membership_value,
            acl_number: row.acl_number,
            lender_since: row.lender_since,
          }
        : null,
    created_at: row.created_at.toISOString(),
  };
}

/** Log-in (`POST /oauth/token`), the current user and provider sign-up (spec 2 §7 "Sign-up, activation, users"). */
export const identityRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, clock, ids, secrets } = deps;
    const keyedEmail = (address: string) => createHmac('sha256', secrets.emailLookupKey).update(address).digest('base64url');
    const context = (requestId: string, userId: string | null) => ({ userId, correlationId: requestId, causationId: null, now: clock.now() });

    // Log-in and sign-up are rate-limited per address and per account (docs/security.md); counted after the body is
    // parsed, so log-in can be keyed by the account.
    await app.register(rateLimit, { global: false, hook: 'preHandler' });
    const loginAddressLimit = app.createRateLimit({ max: 30, timeWindow: '1 minute', keyGenerator: (request) => `login-address:${request.ip}` });

    async function tokensFor(user: UserRow) {
      const now = clock.now();
      return {
        access_token: await issueAccessToken(secrets.accessTokenKey, { userId: user.uuid, userType: user.user_type }, now),
        token_type: 'Bearer' as const,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: await issueRefreshToken(db, user.uuid, now),
        user_type: user.user_type,
      };
    }

    app.post(
      '/oauth/token',
      {
        // One address trying many accounts (credential stuffing) is slowed down too. A second limiter of the plugin
        // would be skipped on a request the first one saw, hence the check by hand.
        onRequest: async (request, reply) => {
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
            // Per account for passwords (one account tried from many places), per address for refreshes.
            keyGenerator: (request) => {
              const body = request.body as { grant_type?: unknown; username?: unknown } | undefined;
              return body?.grant_type === 'password' && typeof body.username === 'string' ? `account:${body.username.trim().toLowerCase()}` : `ip:${request.ip}`;
            },
          },
        },
        schema: {
          tags: ['identity'],
          summary: 'Log in (password) or refresh the access token (refresh_token)',
          body: tokenRequest,
          response: { 200: tokenResponse, 401: problemSchema, 403: problemSchema, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (body.grant_type === 'refresh_token') {
          const rotated = await rotateRefreshToken(db, body.refresh_token, clock.now());
          const user = rotated ? await findUser(db, rotated.userId) : undefined;
          if (!rotated || !user || !statusesThatMayLogIn.includes(user.status)) {
            return sendProblem(reply, problem(403, 'REFRESH_TOKEN_INVALID', 'Unknown or invalid refresh token.'));
          }
          const access = await issueAccessToken(secrets.accessTokenKey, { userId: user.uuid, userType: user.user_type }, clock.now());
          return { access_token: access, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_SECONDS, refresh_token: rotated.refreshToken, user_type: user.user_type };
        }
        const user = await findUserByEmail(db, body.username);
        const passwordOk = user?.password_hash ? await verifyPassword(user.password_hash, body.password) : await spendPasswordCheck(body.password);
        if (!user || !passwordOk) return sendProblem(reply, problem(401, 'INVALID_CREDENTIALS', 'The e-mail or password is not right.'));
        if (!statusesThatMayLogIn.includes(user.status)) {
          const detail = user.status === 'pending' ? 'Your account is waiting for approval.' : 'This account cannot log in. Please contact us.';
          return sendProblem(reply, problem(403, 'ACCOUNT_NOT_ACTIVE', detail));
        }
        return tokensFor(user);
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
        await revokeRefreshToken(db, request.body.refresh_token, clock.now());
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/users/me',
      {
        onRequest: authenticated(deps),
        schema: { tags: ['users'], summary: 'The logged-in user', response: { 200: userView, 401: problemSchema, ...problemResponses } },
      },
      async (request, reply) => {
        const user = await findUser(db, request.caller!.userId);
        if (!user) return sendProblem(reply, problem(401, 'TOKEN_INVALID', 'The access token is invalid'));
        return toUserView(user);
      },
    );

    app.get(
      '/v1/users/verify_email',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['users'],
          summary: 'Whether an e-mail address can be used to sign up: available, owner (yours) or taken',
          querystring: z.strictObject({ email: emailSchema }),
          response: { 200: z.object({ result: z.enum(['available', 'owner', 'taken']) }), ...problemResponses },
        },
      },
      async (request) => {
        const holder = await reservationHolder(request.query.email);
        if (!holder) return { result: 'available' as const };
        const caller = await resolveCaller(deps, request);
        const isOwner = typeof caller === 'object' && caller !== null && caller.userId === holder;
        return { result: isOwner ? ('owner' as const) : ('taken' as const) };
      },
    );

    /** The user holding an address, if that user exists. */
    async function reservationHolder(address: string): Promise<string | null> {
      const { state } = await loadState(store, emailReservationStream(keyedEmail(address)), emailReservationDecider);
      if (!state.holder) return null;
      return (await store.readStream(userStream(state.holder))).length > 0 ? state.holder : null;
    }

    const signUpBody = z.strictObject({ user: providerSignUp(clock.now().getFullYear()) });
    app.post(
      '/v1/users',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
        schema: {
          tags: ['users'],
          summary: 'Provider sign-up (public); the account waits for an admin',
          body: signUpBody,
          response: { 201: userView, 202: z.object({ uuid: z.uuid() }), 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const { password, email, first_name, last_name, country_code, mobile_number, lender_since, ...provider } = request.body.user;
        const userId = ids.uuid();
        const reservationStream = emailReservationStream(keyedEmail(email));
        const holder = await reservationHolder(email);
        const reserved = await handleCommand({
          store,
          ids,
          streamId: reservationStream,
          decider: emailReservationDecider,
          command: { type: 'ReserveEmail', data: { user_id: userId, holder_exists: holder !== null } },
          context: context(request.id, null),
        });
        if (!reserved.ok) {
          return sendProblem(reply, problem(422, emailTakenError, reserved.error.message, { 'user.email': ['takenEmail'] }));
        }
        const result = await handleCommand({
          store,
          ids,
          streamId: userStream(userId),
          decider: userDecider,
          command: {
            type: 'SignUpProvider',
            data: {
              user_id: userId,
              personal: { first_name, last_name, email, country_code, mobile_number },
              provider: { ...provider, lender_since: lender_since ?? null },
              password_hash: await hashPassword(password),
            },
          },
          context: context(request.id, userId),
        });
        if (!result.ok) return sendProblem(reply, problem(422, result.error.code, result.error.message, { base: [result.error.message] }));
        answerPosition(reply, result.position);
        if (result.position) await waitForProjections(db, ['users'], result.position, { timeoutMs: 5000 });
        const row = await findUser(db, userId);
        return row ? reply.code(201).send(toUserView(row)) : reply.code(202).send({ uuid: userId });
      },
    );
  };
