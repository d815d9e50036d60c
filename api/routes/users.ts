import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewProvider } from '../../application/users/review-provider';
import { listResultSchema } from '../../domain/shared/list-query';
import { userErrors } from '../../domain/user/decider';
import { reviewBody, userListQuery, userView } from '../../domain/user/schemas';
import { listUsers } from '../../projections/users/queries';
import { adminOnly } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { answerUser, toUserView } from './user-views';

const READ_MODELS = ['users'] as const;

/** The admin's user management (spec 2 §2 "/pending-users", "/users/{user_type}"; §7 review). */
export const userAdminRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
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
        const result = await reviewProvider(deps, { userId, review: request.body }, commandContext(request, clock));
        if (!result.ok) {
          // spec 2 §5: the review form's hint under the organisation, not the decider's message.
          const unknownOrganisation = result.error.code === userErrors.unknownOrganisation;
          const error = unknownOrganisation ? { ...result.error, errors: { organisation_uuid: ['Create a new organisation or replace it with an existing one'] } } : result.error;
          return sendProblem(reply, domainProblem(error, result.error.code === userErrors.notFound ? {} : { field: 'base' }));
        }
        return answerUser(db, reply, userId, result.position);
      },
    );
  };
