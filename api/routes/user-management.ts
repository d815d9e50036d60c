import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INLINE_IMAGE_BODY_BYTES } from '../../application/images';
import { changeUser } from '../../application/users/change-user';
import { deleteUser } from '../../application/users/delete-user';
import { registerUser } from '../../application/users/register-user';
import { listResultSchema } from '../../domain/shared/list-query';
import { userErrors } from '../../domain/user/decider';
import { newCustomerAnswer, newCustomerBody } from '../../domain/user/customer-account';
import { userView } from '../../domain/user/schemas';
import { createAdminBody, patchKinds, providerAnswerView, reviewView, userPatchBody, userSearchQuery, userShowQuery } from '../../domain/user/user-management';
import { issueUserKey } from '../../infrastructure/tokens';
import { findUser, listUsers } from '../../projections/users/queries';
import { approvedReviewsOf } from '../../projections/reviews/queries';
import type { ReviewRow } from '../../projections/reviews/reviews';
import type { UserRow } from '../../projections/users/users';
import { adminOnly, allow, callerOf, forbidden } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { rateLimitOptions } from '../rate-limits';
import { answerOnceProjected, waitForRequestedPosition } from '../read-your-writes';
import { answerUser, toUserView } from './user-views';

const READ_MODELS = ['users'] as const;
const idParams = z.object({ id: z.uuid() });
const userNotFound = () => domainProblem({ code: userErrors.notFound, message: 'User not found.' });
/** Where the admin's form shows a refusal of each kind of change that names no field itself. */
const fieldOfChange = { status: 'user.status', limits: 'user.fsp', details: 'user' } as const;

/** spec 2 §3 Review (uuid, customer_uuid, fsp_uuid, post_uuid, rating, description, status); an erased comment reads empty. */
const toIncludedReview = (r: ReviewRow) => ({ uuid: r.uuid, customer_uuid: r.customer_id, fsp_uuid: r.fsp_id, post_uuid: r.post_id, rating: r.rating, description: r.description ?? '', status: r.status });

/** The provider's answers with the question each one answers, in the questions' order (spec 2 §7 include=questions). */
async function answersWithQuestions(db: AppDependencies['db'], user: UserRow) {
  if (user.answers.length === 0) return [];
  const questions = await db
    .selectFrom('questions')
    .select(['uuid', 'description', 'position'])
    .where('uuid', 'in', user.answers.map((a) => a.question_uuid))
    .orderBy('position')
    .execute();
  // An answer to a question that was deleted since has nothing left to show it with.
  return questions.flatMap((q) => {
    const answer = user.answers.find((a) => a.question_uuid === q.uuid);
    return answer ? [{ question_uuid: q.uuid, question: q.description, answer: answer.answer }] : [];
  });
}

/**
 * The admin's user management (spec 2 §2 "User management (admin)", §6, §7; spec 3 §6 bidding limits): view, edit,
 * change status, delete, create admins, search providers. Access per route; see docs/security.md "Users".
 */
export const userManagementRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    // Only the public customer creation of `POST /v2/users` is rate-limited here.
    await app.register(rateLimit, rateLimitOptions(deps.db));
    const { db, clock } = deps;

    app.get(
      '/v1/users/:id',
      {
        // Any logged-in user reaches the handler, which lets through an admin (any user) or the user itself.
        onRequest: allow(deps, { allowApproved: true }),
        schema: {
          tags: ['users'],
          summary: 'One user (admins: anyone; others: themselves), with include=questions,reviews',
          params: idParams,
          querystring: userShowQuery,
          response: {
            200: userView.extend({ questions: z.array(providerAnswerView).optional(), reviews: z.array(reviewView).optional() }),
            ...problemResponses,
          },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const isAdmin = caller.userType === 'admin' && caller.permissions.view;
        // Checked before the look-up, so others learn nothing about who exists.
        if (caller.userId !== request.params.id && !isAdmin) return sendProblem(reply, forbidden());
        await waitForRequestedPosition(db, request, READ_MODELS);
        const row = await findUser(db, request.params.id);
        if (!row) return sendProblem(reply, userNotFound());
        const includes = new Set(request.query.include?.split(',') ?? []);
        return {
          ...toUserView(row),
          ...(includes.has('questions') ? { questions: await answersWithQuestions(db, row) } : {}),
          // A provider's approved reviews (docs/reviews.md); others have none.
          ...(includes.has('reviews') ? { reviews: row.user_type === 'fsp' ? (await approvedReviewsOf(db, row.uuid)).map(toIncludedReview) : [] } : {}),
        };
      },
    );

    app.get(
      '/v4/users',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: ['users'],
          summary: 'Users of one type by name, e-mail, status or mobile (the admin pickers, e.g. providers for a bid template)',
          querystring: userSearchQuery,
          response: { 200: listResultSchema(userView), ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const { user_type, search, count } = request.query;
        const page = await listUsers(db, { page: 1, count, filter: { user_type, search } });
        return { total_records: page.total_records, result: page.result.map(toUserView) };
      },
    );

    const requireAdmin = adminOnly(deps);
    app.post(
      '/v2/users',
      {
        // Public for the post wizard's customer (spec 2 §7), which gets no personal data and no rights beyond its
        // own post in creation; admins only for an admin. Rate-limited per address against account spam.
        config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
        preHandler: async (request, reply) => {
          if (request.body.user.user_type === 'admin') await requireAdmin.call(app, request, reply);
        },
        schema: {
          tags: ['users'],
          summary: "Create an administrator (admins), or the post wizard's customer without personal data (public)",
          body: z.strictObject({ user: z.discriminatedUnion('user_type', [createAdminBody.shape.user, newCustomerBody.shape.user]) }),
          response: { 201: z.union([userView, newCustomerAnswer]), 202: z.object({ uuid: z.uuid() }), 429: problemSchema, ...problemResponses },
        },
      },
      async (request, reply) => {
        const body = request.body.user;
        if (body.user_type === 'customer') {
          // Nobody is logged in yet: the new customer is the one acting (registerUser puts its id in the metadata).
          const anonymous = commandContext(request, clock, null);
          const created = await registerUser(deps, { user_type: 'customer', personal: null, password: null, status: 'creating' }, anonymous);
          if (!created.ok) return sendProblem(reply, domainProblem(created.error, { field: 'base' }));
          await answerOnceProjected(db, reply, READ_MODELS, created.position);
          return reply.code(201).send({ uuid: created.userId, user_key: await issueUserKey(deps.secrets.accessTokenKey, created.userId, deps.clock.now()) });
        }
        const { user_type, password, ...personal } = body;
        const created = await registerUser(deps, { user_type, personal, password, created_by: callerOf(request).userId }, commandContext(request, clock));
        // spec 2 §5: the same takenEmail marker as sign-up.
        if (!created.ok) return sendProblem(reply, domainProblem(created.error, { wrapper: 'user', field: 'base' }));
        return answerUser(db, reply, created.userId, created.position, 201);
      },
    );

    app.patch(
      '/v1/users/:id',
      {
        onRequest: adminOnly(deps),
        bodyLimit: INLINE_IMAGE_BODY_BYTES,
        schema: {
          tags: ['users'],
          summary: "Change a user's status, a provider's bidding limits, or a user's details",
          params: idParams,
          body: userPatchBody(() => clock.now()),
          response: { 200: userView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { user } = request.body;
        const kind = patchKinds(user)[0] ?? 'details';
        // An admin locking themself out would leave nobody to undo it.
        if (kind === 'status' && caller.userId === request.params.id) return sendProblem(reply, problem(403, 'OWN_STATUS', 'You cannot change your own status.'));
        const result = await changeUser(deps, { userId: request.params.id, patch: user, changedBy: caller.userId }, commandContext(request, clock));
        if (!result.ok) {
          const notFound = result.error.code === userErrors.notFound;
          return sendProblem(reply, domainProblem(result.error, notFound ? {} : { wrapper: 'user', field: fieldOfChange[kind] }));
        }
        return answerUser(db, reply, request.params.id, result.position);
      },
    );

    app.delete(
      '/v1/users/:id',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: ['users'],
          summary: "Delete a user: erases the personal data (crypto-shredding) and frees the e-mail address",
          params: idParams,
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        if (callerOf(request).userId === request.params.id) return sendProblem(reply, problem(403, 'OWN_ACCOUNT', 'You cannot delete your own account.'));
        const result = await deleteUser(deps, request.params.id, commandContext(request, clock));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error));
        await answerOnceProjected(db, reply, READ_MODELS, result.position);
        return reply.code(204).send(null);
      },
    );
  };
