import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailTakenError } from '../../domain/user/email-reservation';
import { email as emailSchema, providerSignUp, type UserView, userView } from '../../domain/user/schemas';
import { fileUrl } from '../../infrastructure/files';
import { waitForProjections } from '../../projections/projection-status';
import { biddingLimitState } from '../../projections/deals/queries';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import type { AppDependencies } from '../dependencies';
import { allow } from '../access';
import { resolveCaller } from '../authentication';
import { problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { rateLimitOptions } from '../rate-limits';
import { answerPosition } from '../read-your-writes';
import { emailHolder, registerUser } from '../user-accounts';

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
            bids_accepted_limit: row.bids_accepted_limit,
            bids_contacted_limit: row.bids_contacted_limit,
            // A provider's deals now accepted and now contacted: /v1/users/me reads them (the deals counters); the
            // user lists do not, one query per row.
            total_accepted_bids: 0,
            total_contacted_bids: 0,
            // spec 3 §4 "Auto-bidding": the review period choices go up to this (default 14).
            max_auto_bidding_review_period: 14,
          }
        : null,
    address: row.address,
    avatar_url: row.avatar_file_id ? fileUrl(row.avatar_file_id) : null,
    date_of_birth: row.date_of_birth,
    created_at: row.created_at.toISOString(),
  };
}

/** The current user, the e-mail check and provider sign-up (spec 2 §7 "Sign-up, activation, users"). */
export const identityRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
    const context = (requestId: string, userId: string | null) => ({ userId, correlationId: requestId, causationId: null, now: clock.now() });

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
          context(request.id, null),
        );
        if (!created.ok) {
          const errors: Record<string, string[]> = created.code === emailTakenError ? { 'user.email': ['takenEmail'] } : { base: [created.message] };
          return sendProblem(reply, problem(422, created.code, created.message, errors));
        }
        answerPosition(reply, created.position);
        if (created.position) await waitForProjections(db, ['users'], created.position, { timeoutMs: 5000 });
        const row = await findUser(db, created.userId);
        return row ? reply.code(201).send(toUserView(row)) : reply.code(202).send({ uuid: created.userId });
      },
    );
  };
