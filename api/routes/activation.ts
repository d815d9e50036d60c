import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activateAccount, invalidActivationCode } from '../../application/users/activate-account';
import { requestActivationMail, requestPasswordReset } from '../../application/users/request-account-mail';
import { invalidResetToken, resetPassword } from '../../application/users/reset-password';
import { organisationTypes } from '../../domain/organisation/schemas';
import { maxLengthMessage, required } from '../../domain/shared/messages';
import { email as emailSchema, password as passwordSchema, userStatuses, userTypes } from '../../domain/user/schemas';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, problemSchema, sendProblem } from '../problem';
import { limitedBy, rateLimitOptions } from '../rate-limits';
import { answerOnceProjected, answerPosition } from '../read-your-writes';

// Activation, its resend, password recovery and the organisation directory of the sign-up form (spec 2 §4, §7
// "Sign-up, activation, users"). All public (spec 2 §6: "calls made without authentication"), so each is rate-limited
// per client address. The mail-sending ones answer the same whether or not the address has an account
// (docs/security.md "Activation and password recovery").


const detailAnswer = z.object({ detail: z.string() });
const DIRECTORY_SIZE = 20;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const activationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    await app.register(rateLimit, rateLimitOptions(db));
    // Asking for mail is limited harder than the rest: each request may write to someone's mailbox.
    const mailLimit = { rateLimit: { max: 5, timeWindow: '10 minutes' } };
    // …and per e-mail address, whether or not it has an account, so many client addresses cannot flood one mailbox.
    const perMailbox = (kind: string) =>
      limitedBy(app, [{ max: 3, timeWindow: '1 hour', key: (request) => `${kind}:${(request.query as { email: string }).email.trim().toLowerCase()}` }]);

    app.post(
      '/v1/users/activate',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['users'],
          summary: 'Activate an account with the code of its activation link (public); activating twice is fine',
          body: z.strictObject({ activation_code: z.string({ error: required }).trim().min(1, required).max(2000, invalidActivationCode) }),
          response: { 200: z.object({ user_type: z.enum(userTypes), status: z.enum(userStatuses) }), 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const result = await activateAccount(deps, request.body.activation_code, commandContext(request, clock, null));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        answerPosition(reply, result.position);
        return { user_type: result.user_type, status: result.status };
      },
    );

    app.get(
      '/v1/users/activate',
      {
        config: mailLimit,
        preHandler: perMailbox('activation-mail'),
        schema: {
          tags: ['users'],
          summary: 'Send the activation e-mail again (public); the same answer whether or not the address has an account',
          querystring: z.strictObject({ email: emailSchema }),
          response: { 200: detailAnswer, 429: problemSchema, ...problemResponses },
        },
      },
      async (request) => {
        await requestActivationMail(deps, request.query.email, commandContext(request, clock, null));
        return { detail: 'If this e-mail address has an account waiting for activation, an activation e-mail is on its way.' };
      },
    );

    app.get(
      '/v1/users/recover_password',
      {
        config: mailLimit,
        preHandler: perMailbox('recovery-mail'),
        schema: {
          tags: ['users'],
          summary: 'E-mail a password reset link (public); the same answer whether or not the address has an account',
          querystring: z.strictObject({ email: emailSchema }),
          response: { 200: detailAnswer, 429: problemSchema, ...problemResponses },
        },
      },
      async (request) => {
        await requestPasswordReset(deps, request.query.email, commandContext(request, clock, null));
        return { detail: 'If this e-mail address has an account, a link to choose a new password is on its way.' };
      },
    );

    app.post(
      '/v1/users/temporary_password',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['users'],
          summary: 'Set a new password with the token of a password reset link (public); logs out every session',
          body: z.strictObject({ token: z.string({ error: required }).trim().min(1, required).max(2000, invalidResetToken), password: passwordSchema }),
          response: { 200: detailAnswer, 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const result = await resetPassword(deps, request.body, commandContext(request, clock, null));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        deps.callers?.forget(result.userId);
        // Log-in reads the users read model: the new password works as soon as this answers.
        await answerOnceProjected(db, reply, ['users'], result.position);
        return { detail: 'Your password was changed. You can log in with it now.' };
      },
    );

    app.get(
      '/v1/organisation_directory',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['organisations'],
          summary: "Active organisations by name, for the provider sign-up form (public; at most 20, only what a provider picks from)",
          querystring: z.strictObject({ search: z.string().trim().max(100, maxLengthMessage(100)).optional() }),
          response: {
            200: z.object({ result: z.array(z.object({ uuid: z.uuid(), name: z.string(), organisation_type: z.enum(organisationTypes) })) }),
            429: problemSchema,
            ...problemResponses,
          },
        },
      },
      async (request) => {
        let query = db.selectFrom('organisations').select(['uuid', 'name', 'organisation_type']).where('status', '=', 'active');
        const search = request.query.search;
        if (search) query = query.where('name', 'ilike', `%${escapeLike(search)}%`);
        return { result: await query.orderBy('name').orderBy('uuid').limit(DIRECTORY_SIZE).execute() };
      },
    );
  };
