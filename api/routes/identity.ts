import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailHolder } from '../../application/users/email-reservations';
import { registerUser } from '../../application/users/register-user';
import { email as emailSchema, providerSignUp, userView } from '../../domain/user/schemas';
import { biddingLimitState } from '../../projections/deals/queries';
import { findUser } from '../../projections/users/queries';
import { allow } from '../access';
import { resolveCaller } from '../authentication';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { rateLimitOptions } from '../rate-limits';
import { answerUser, toUserView } from './user-views';

/** The current user, the e-mail check and provider sign-up (spec 2 §7 "Sign-up, activation, users"). */
export const identityRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    // Sign-up and the e-mail check are rate-limited per address (docs/security.md).
    await app.register(rateLimit, rateLimitOptions(db));

    app.get(
      '/v1/users/me',
      {
        onRequest: allow(deps, { allowApproved: true, allowCreating: true }),
        schema: { tags: ['users'], summary: 'The logged-in user', response: { 200: userView, ...problemResponses } },
      },
      async (request, reply) => {
        const user = await findUser(db, request.caller!.userId);
        if (!user) return sendProblem(reply, problem(401, 'TOKEN_INVALID', 'The access token is invalid'));
        const view = toUserView(user);
        if (!view.fsp) return view;
        const limits = await biddingLimitState(db, user.uuid);
        return { ...view, fsp: { ...view.fsp, total_accepted_bids: limits.accepted.used, total_contacted_bids: limits.contacted.used } };
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
        const holder = await emailHolder(deps, request.query.email);
        if (!holder) return { result: 'available' as const };
        const caller = await resolveCaller(deps, request);
        const isOwner = typeof caller === 'object' && caller !== null && caller.userId === holder;
        return { result: isOwner ? ('owner' as const) : ('taken' as const) };
      },
    );


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
        const created = await registerUser(
          deps,
          { user_type: 'fsp', personal: { first_name, last_name, email, country_code, mobile_number }, provider: { ...provider, lender_since: lender_since ?? null }, password },
          commandContext(request, clock, null),
        );
        if (!created.ok) return sendProblem(reply, domainProblem(created.error, { wrapper: 'user', field: 'base' }));
        return answerUser(db, reply, created.userId, created.position, 201);
      },
    );
  };
