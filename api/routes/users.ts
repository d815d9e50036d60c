import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listResultSchema } from '../../domain/shared/list-query';
import { userDecider, userErrors } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import { reviewBody, userListQuery, userView } from '../../domain/user/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import { findOrganisation } from '../../projections/organisations/queries';
import { waitForProjections } from '../../projections/projection-status';
import { findUser, listUsers } from '../../projections/users/queries';
import { adminOnly, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { toUserView } from './identity';

const READ_MODELS = ['users'] as const;

/** The admin's user management (spec 2 §2 "/pending-users", "/users/{user_type}"; §7 review). */
export const userAdminRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, clock, ids } = deps;
    app.addHook('onRequest', adminOnly(deps));

    app.get(
      '/v1/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Users by type and status (pending providers: filter[user_type]=fsp&filter[status]=pending)',
          querystring: userListQuery,
          response: { 200: listResultSchema(userView), ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const page = await listUsers(db, request.query);
        return { total_records: page.total_records, result: page.result.map(toUserView) };
      },
    );

    app.patch(
      '/v1/users/:id/review',
      {
        schema: {
          tags: ['users'],
          summary: 'Approve a pending provider into a known organisation, or reject it with a message',
          params: z.object({ id: z.uuid() }),
          body: reviewBody,
          response: { 200: userView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const userId = request.params.id;
        const body = request.body;
        const user = await findUser(db, userId);
        if (!user) return sendProblem(reply, problem(404, userErrors.notFound, 'User not found.'));
        let organisation: { uuid: string; name: string } | undefined;
        if (body.status === 'approved') {
          // spec 2 §5: the organisation the provider named must exist before the approval.
          const candidate = body.organisation_uuid ?? user.organisation_uuid;
          organisation = candidate ? await findOrganisation(db, candidate) : undefined;
        }
        const result = await handleCommand({
          store,
          ids,
          streamId: userStream(userId),
          decider: userDecider,
          command: {
            type: 'ReviewProvider',
            data: body.status === 'approved' ? { user_id: userId, decision: 'approve', organisation_uuid: organisation?.uuid ?? null, ...(organisation ? { organisation_name: organisation.name } : {}) } : { user_id: userId, decision: 'reject', message: body.message },
          },
          context: { userId: callerOf(request).userId, correlationId: request.id, causationId: null, now: clock.now() },
        });
        if (!result.ok) {
          if (result.error.code === userErrors.notFound) return sendProblem(reply, problem(404, result.error.code, result.error.message));
          const errors: Record<string, string[]> =
            result.error.code === userErrors.unknownOrganisation
              ? { organisation_uuid: ['Create a new organisation or replace it with an existing one'] }
              : { base: [result.error.message] };
          return sendProblem(reply, problem(422, result.error.code, result.error.message, errors));
        }
        answerPosition(reply, result.position);
        if (result.position) await waitForProjections(db, READ_MODELS, result.position, { timeoutMs: 5000 });
        const row = await findUser(db, userId);
        return row ? reply.code(200).send(toUserView(row)) : reply.code(202).send({ uuid: userId });
      },
    );
  };
