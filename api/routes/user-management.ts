import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { listResultSchema } from '../../domain/shared/list-query';
import type { UserCommand } from '../../domain/user/commands';
import { userDecider, userErrors } from '../../domain/user/decider';
import { type UserDetailChanges, userStream, userSubject } from '../../domain/user/events';
import { newCustomerAnswer, newCustomerBody } from '../../domain/user/customer-account';
import { userView } from '../../domain/user/schemas';
import {
  createAdminBody,
  patchKinds,
  providerAnswerView,
  reviewView,
  userPatchBody,
  userSearchQuery,
  userShowQuery,
} from '../../domain/user/user-management';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { PersonalDataEventStore } from '../../infrastructure/event-store/personal-data';
import { MAX_IMAGE_BYTES, storeImage } from '../../infrastructure/files';
import { eraseOutboxRecipient, eraseOutboxSubject } from '../../infrastructure/outbox/queries';
import { issueUserKey, revokeAllRefreshTokens } from '../../infrastructure/tokens';
import { findOrganisation } from '../../projections/organisations/queries';
import { waitForProjections } from '../../projections/projection-status';
import type { QuestionsDatabase } from '../../projections/questions/questions';
import { findUser, listUsers } from '../../projections/users/queries';
import { approvedReviewsOf } from '../../projections/reviews/queries';
import type { ReviewRow } from '../../projections/reviews/reviews';
import type { UserRow } from '../../projections/users/users';
import { adminOnly, allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import { statusesThatMayLogIn } from '../authentication';
import { problem, problemResponses, problemSchema, sendProblem } from '../problem';
import { rateLimitOptions } from '../rate-limits';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { eraseSubscriber } from '../mailing-list';
import { registerUser, releaseEmail } from '../user-accounts';
import { emailTakenError } from '../../domain/user/email-reservation';
import { toUserView } from './identity';

const READ_MODELS = ['users'] as const;
const idParams = z.object({ id: z.uuid() });
// An avatar arrives inline as a data URL of the cropped image: room for a 2 MB image in base64.
const BODY_LIMIT = Math.ceil(MAX_IMAGE_BYTES * 1.4) + 64 * 1024;

/** spec 2 §3 Review (uuid, customer_uuid, fsp_uuid, post_uuid, rating, description, status); an erased comment reads empty. */
const toIncludedReview = (r: ReviewRow) => ({ uuid: r.uuid, customer_uuid: r.customer_id, fsp_uuid: r.fsp_id, post_uuid: r.post_id, rating: r.rating, description: r.description ?? '', status: r.status });

const userNotFound = () => problem(404, userErrors.notFound, 'User not found.');
const fieldProblem = (code: string, detail: string, field: string, message = detail) => problem(422, code, detail, { [field]: [message] });

/** The provider's answers with the question each one answers, in the questions' order (spec 2 §7 include=questions). */
async function answersWithQuestions(db: AppDependencies['db'], user: UserRow) {
  if (user.answers.length === 0) return [];
  const questions = await (db as Kysely<QuestionsDatabase>)
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
    const { db, store, clock, ids } = deps;
    const context = (request: FastifyRequest) => ({ userId: callerOf(request).userId, correlationId: request.id, causationId: null, now: clock.now() });
    const execute = (request: FastifyRequest, userId: string, command: UserCommand) =>
      handleCommand({ store, ids, streamId: userStream(userId), decider: userDecider, command, context: context(request) });

    /** The user as the lists show it once the change is applied; 202 with the uuid if the read model lags. */
    async function answerUser(reply: FastifyReply, userId: string, position: Position | null, status: 200 | 201) {
      answerPosition(reply, position);
      if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: 5000 });
      const row = await findUser(db, userId);
      return row ? reply.code(status).send(toUserView(row)) : reply.code(202).send({ uuid: userId });
    }

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
          const anonymous = { userId: null, correlationId: request.id, causationId: null, now: clock.now() };
          const created = await registerUser(deps, { user_type: 'customer', personal: null, password: null, status: 'creating' }, anonymous);
          if (!created.ok) return sendProblem(reply, problem(422, created.code, created.message, { base: [created.message] }));
          answerPosition(reply, created.position);
          if (created.position) await waitForProjections(db, ['users'], created.position, { timeoutMs: 5000 });
          return reply.code(201).send({ uuid: created.userId, user_key: await issueUserKey(deps.secrets.accessTokenKey, created.userId, deps.clock.now()) });
        }
        const { user_type, password, ...personal } = body;
        const created = await registerUser(deps, { user_type, personal, password, created_by: callerOf(request).userId }, context(request));
        if (!created.ok) {
          // spec 2 §5: the same takenEmail marker as sign-up.
          const errors: Record<string, string[]> = created.code === emailTakenError ? { 'user.email': ['takenEmail'] } : { base: [created.message] };
          return sendProblem(reply, problem(422, created.code, created.message, errors));
        }
        return answerUser(reply, created.userId, created.position, 201);
      },
    );

    app.patch(
      '/v1/users/:id',
      {
        onRequest: adminOnly(deps),
        bodyLimit: BODY_LIMIT,
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
        const row = await findUser(db, request.params.id);
        if (!row) return sendProblem(reply, userNotFound());
        const kind = patchKinds(user)[0];

        if (kind === 'status' && user.status) {
          // An admin locking themself out would leave nobody to undo it.
          if (caller.userId === row.uuid) return sendProblem(reply, problem(403, 'OWN_STATUS', 'You cannot change your own status.'));
          const result = await execute(request, row.uuid, { type: 'ChangeUserStatus', data: { user_id: row.uuid, status: user.status } });
          if (!result.ok) return sendProblem(reply, result.error.code === userErrors.notFound ? userNotFound() : fieldProblem(result.error.code, result.error.message, 'user.status'));
          // A user who may no longer log in loses the sessions too, so reactivation does not revive them.
          if (!statusesThatMayLogIn.includes(user.status)) await revokeAllRefreshTokens(db, row.uuid, clock.now());
          return answerUser(reply, row.uuid, result.position, 200);
        }

        if (row.user_type !== 'fsp' && user.fsp) {
          return sendProblem(reply, fieldProblem(userErrors.notProvider, 'Only providers have bidding limits and provider details.', 'user.fsp'));
        }

        if (kind === 'limits') {
          const limits = user.fsp ?? {};
          const result = await execute(request, row.uuid, {
            type: 'ChangeProviderLimits',
            data: {
              user_id: row.uuid,
              // A limit left out keeps its stored value.
              bids_accepted_limit: limits.bids_accepted_limit !== undefined ? limits.bids_accepted_limit : row.bids_accepted_limit,
              bids_contacted_limit: limits.bids_contacted_limit !== undefined ? limits.bids_contacted_limit : row.bids_contacted_limit,
              changed_by: caller.userId,
            },
          });
          if (!result.ok) return sendProblem(reply, result.error.code === userErrors.notFound ? userNotFound() : fieldProblem(result.error.code, result.error.message, 'user.fsp'));
          return answerUser(reply, row.uuid, result.position, 200);
        }

        const { avatar, fsp, status: _status, ...details } = user;
        const { organisation_uuid, bids_accepted_limit: _a, bids_contacted_limit: _c, ...provider } = fsp ?? {};
        // spec 3 §5 "Edit user": a provider's lender_since is required.
        if (row.user_type === 'fsp' && (provider.lender_since ?? row.lender_since) === null) {
          return sendProblem(reply, fieldProblem('VALIDATION_FAILED', 'The request has invalid fields.', 'user.fsp.lender_since', 'This field is required'));
        }
        const changes: UserDetailChanges = { ...details, ...provider };
        if (organisation_uuid !== undefined) {
          const organisation = await findOrganisation(db, organisation_uuid);
          if (!organisation) {
            return sendProblem(reply, fieldProblem(userErrors.unknownOrganisation, "Organisation isn't in our database!", 'user.fsp.organisation_uuid'));
          }
          Object.assign(changes, { organisation_uuid, organisation_name: organisation.name });
        }
        if (avatar !== undefined) {
          const stored = avatar === null ? null : await storeImage(db, avatar);
          if (stored && !stored.ok) {
            const message = stored.reason === 'TOO_LARGE' ? 'The image must be smaller than 2 MB.' : 'Only images are allowed!';
            return sendProblem(reply, fieldProblem(stored.reason, message, 'user.avatar'));
          }
          changes.avatar_file_id = stored ? stored.id : null;
        }
        const result = await execute(request, row.uuid, { type: 'UpdateUserDetails', data: { user_id: row.uuid, changes, changed_by: caller.userId } });
        if (!result.ok) return sendProblem(reply, result.error.code === userErrors.notFound ? userNotFound() : fieldProblem(result.error.code, result.error.message, 'user'));
        return answerUser(reply, row.uuid, result.position, 200);
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
        const caller = callerOf(request);
        if (caller.userId === request.params.id) return sendProblem(reply, problem(403, 'OWN_ACCOUNT', 'You cannot delete your own account.'));
        // Every store the product opens encrypts personal data (open-event-store.ts); erasure is its key's deletion.
        if (!(store instanceof PersonalDataEventStore)) throw new Error('Deleting a user needs the personal-data event store');
        const row = await findUser(db, request.params.id);
        if (!row) return sendProblem(reply, userNotFound());
        // Erasure first, the deletion event last: a request that fails half-way finds the user still there and
        // repeats every step (each is idempotent) before the user disappears from the read model.
        if (row.email) {
          await releaseEmail(deps, row.email, row.uuid, context(request));
          await eraseOutboxRecipient(db, row.email);
          await eraseSubscriber({ ...deps, store }, row.email, context(request));
        }
        await eraseOutboxSubject(db, row.uuid);
        await revokeAllRefreshTokens(db, row.uuid, clock.now());
        await store.erase(userSubject(row.uuid));
        const result = await execute(request, row.uuid, { type: 'DeleteUser', data: { user_id: row.uuid } });
        if (!result.ok) return sendProblem(reply, userNotFound());
        answerPosition(reply, result.position);
        if (result.position) await waitForProjections(db, READ_MODELS, result.position, { timeoutMs: 5000 });
        return reply.code(204).send(null);
      },
    );
  };
