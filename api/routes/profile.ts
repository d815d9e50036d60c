import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INLINE_IMAGE_BODY_BYTES } from '../../application/images';
import { changeOwnPassword } from '../../application/users/change-password';
import { registerCustomer } from '../../application/users/register-customer';
import { userNotFound } from '../../application/users/refusals';
import { resendIncompletePostLink } from '../../application/users/resend-incomplete-post-link';
import { updateOwnDetails } from '../../application/users/update-own-details';
import { verifyMobileNumber } from '../../application/users/verify-mobile-number';
import { registerCustomerBody } from '../../domain/user/customer-account';
import {
  phoneCodeSent,
  phoneVerificationCheck,
  phoneVerificationMessages,
  phoneVerificationRequest,
  updateMeBody,
  updatePasswordBody,
} from '../../domain/user/profile';
import { tokenResponse, userView } from '../../domain/user/schemas';
import { CODE_MINUTES, sendPhoneCode } from '../../infrastructure/phone-verification';
import { findUser } from '../../projections/users/queries';
import { allow, callerOf, forbidden } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { limitedBy, rateLimitOptions } from '../rate-limits';
import { answerOnceProjected, answerPosition } from '../read-your-writes';
import { answerUser } from './user-views';

/** PATCH /v2/users/{uuid} `operation: resend_incomplete_post_link` (spec 2 §7). */
const resendIncompletePostLinkBody = z.strictObject({ operation: z.literal('resend_incomplete_post_link'), post_uuid: z.uuid() });

const TAGS = ['profile'];
const userAccepted = z.object({ uuid: z.uuid() });

/**
 * The logged-in user's own account (spec 2 §2 /profile-edit, /change-password; §7): own details, phone verification,
 * the password change and the wizard customer's registration. A provider's profile is provider-profile.ts.
 */
export const profileRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock, ids, secrets } = deps;

    // The password check is rate-limited per user, so a stolen access token cannot guess the password fast; counted
    // once the caller is known.
    await app.register(rateLimit, rateLimitOptions(deps.db, { hook: 'preHandler' }));
    // Phone codes cost an SMS each and guard a 10^6 secret: a user gets 3 codes per 10 minutes (the phone_verifications
    // table counts them); these bound one address making many users, and the guesses (docs/security.md).
    const phoneSendLimits = limitedBy(app, [{ max: 20, timeWindow: '10 minutes', key: (request) => `phone-send-address:${request.ip}` }]);
    const phoneCheckLimits = limitedBy(app, [
      { max: 10, timeWindow: '10 minutes', key: (request) => `phone-check-user:${callerOf(request).userId}` },
      { max: 60, timeWindow: '10 minutes', key: (request) => `phone-check-address:${request.ip}` },
    ]);

    app.patch(
      '/v1/users/me',
      {
        onRequest: allow(deps),
        bodyLimit: INLINE_IMAGE_BODY_BYTES,
        schema: {
          tags: TAGS,
          summary: 'Change the own details; a changed mobile number must be verified first (spec 2 §4)',
          body: updateMeBody,
          response: { 200: userView, 202: userAccepted, ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = callerOf(request).userId;
        const result = await updateOwnDetails(deps, { userId, details: request.body.user }, commandContext(request, clock));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error, { wrapper: 'user' }));
        return answerUser(db, reply, userId, result.position);
      },
    );

    app.post(
      '/v1/users/phone_verification',
      {
        onRequest: allow(deps, { allowCreating: true }),
        preHandler: phoneSendLimits,
        schema: {
          tags: TAGS,
          summary: `Send a 6-digit code by SMS to prove a mobile number (valid ${CODE_MINUTES} minutes, 3 codes per 10 minutes)`,
          body: phoneVerificationRequest,
          response: { 202: phoneCodeSent, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const sent = await sendPhoneCode(
          db,
          { key: secrets.accessTokenKey, ids },
          { userId: callerOf(request).userId, countryCode: request.body.country_code, mobileNumber: request.body.mobile_number, now: clock.now() },
        );
        // No SMS gateway exists (docs/mail.md): outside production the page shows the code, so one person can try the
        // product; production never answers it.
        if (sent.ok) return reply.code(202).send({ expires_in: CODE_MINUTES * 60, ...(deps.config.developmentMode ? { development_code: sent.code } : {}) });
        if (sent.reason === 'not_mobile') {
          const message = phoneVerificationMessages.notMobile;
          return sendProblem(reply, problem(422, 'NOT_A_MOBILE_NUMBER', message, { mobile_number: [message] }));
        }
        reply.header('retry-after', 600);
        return sendProblem(reply, problem(429, 'TOO_MANY_CODES', phoneVerificationMessages.tooManyCodes));
      },
    );

    app.get(
      '/v1/users/phone_verification',
      {
        onRequest: allow(deps, { allowCreating: true }),
        preHandler: phoneCheckLimits,
        schema: {
          tags: TAGS,
          summary: 'Check the SMS code for the number it was sent to; a right code verifies the number',
          querystring: phoneVerificationCheck,
          response: { 200: z.object({ verified: z.literal(true), country_code: z.string(), mobile_number: z.string() }), 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const { country_code, mobile_number } = request.query;
        const result = await verifyMobileNumber(deps, { userId: callerOf(request).userId, ...request.query }, commandContext(request, clock));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        // The profile form saves right after this: it must find the number verified.
        await answerOnceProjected(db, reply, ['users'], result.position);
        return { verified: true as const, country_code, mobile_number };
      },
    );

    app.patch(
      '/v2/users/:uuid',
      {
        onRequest: allow(deps, { allowCreating: true }),
        // Only the own account, and before the body is looked at: another user's path learns nothing.
        preValidation: async (request, reply) => {
          if ((request.params as { uuid?: unknown }).uuid !== callerOf(request).userId) return sendProblem(reply, forbidden());
        },
        config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `password-change:${callerOf(request).userId}` } },
        schema: {
          tags: TAGS,
          summary: 'Change the own password (operation update_password; every session ends, this one gets new tokens), register the wizard\'s customer (update), or e-mail the link resuming a pending post (resend_incomplete_post_link)',
          params: z.object({ uuid: z.uuid() }),
          body: z.discriminatedUnion('operation', [updatePasswordBody, registerCustomerBody, resendIncompletePostLinkBody], { error: 'Unknown operation.' }),
          response: { 200: z.union([tokenResponse, userView]), 202: userAccepted, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const row = await findUser(db, callerOf(request).userId);
        if (!row) return sendProblem(reply, domainProblem(userNotFound));
        const body = request.body;
        const context = commandContext(request, clock);
        if (body.operation === 'update') {
          const result = await registerCustomer(deps, row, body.user, context);
          if (!result.ok) return sendProblem(reply, domainProblem(result.error, { wrapper: 'user' }));
          return answerUser(db, reply, row.uuid, result.position);
        }
        if (body.operation === 'resend_incomplete_post_link') {
          const result = await resendIncompletePostLink(deps, { userId: row.uuid, postId: body.post_uuid }, context);
          if (!result.ok) return sendProblem(reply, domainProblem(result.error));
          answerPosition(reply, result.position);
          return reply.code(202).send({ uuid: row.uuid });
        }
        const result = await changeOwnPassword(deps, row, { currentPassword: body.current_password, password: body.password }, context);
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        answerPosition(reply, result.position);
        deps.callers?.forget(row.uuid);
        return result.tokens;
      },
    );
  };
