import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXTERNAL_DEAL_READ_MODELS, externalDealNotFound, externalDealViewOf, type ExternalDealWritten } from '../../application/external-deals/external-deals';
import { recordExternalDeal } from '../../application/external-deals/record-external-deal';
import { updateExternalDeal } from '../../application/external-deals/update-external-deal';
import { externalDealView } from '../../contracts/external-deal';
import { externalDealChangesSchema, externalDealFormSchema } from '../../domain/external-deal/schemas';
import { findExternalDeal } from '../../projections/external-deals/queries';
import { adminOnly, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';

// External deals (spec 1 §2 "/external-deal/{mode}/{uuid}", §5, §8; spec 3 §2, §5, §7, §9): an admin records a deal
// made outside the auction and updates it (application/external-deals/). Admins only. docs/external-deals.md.

const TAGS = ['external deals'];
const idParams = z.object({ id: z.uuid() });

/** The external deal as written (201 or 200); 202 with its id when the read model lagged past the bounded wait. */
function answer(reply: FastifyReply, result: ExternalDealWritten, status: 200 | 201) {
  if (!result.ok) return sendProblem(reply, domainProblem(result.error));
  answerPosition(reply, result.position);
  return result.view ? reply.code(status).send(result.view) : reply.code(202).send({ uuid: result.externalDealId });
}

export const externalDealRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const admins = adminOnly(deps);

    app.post(
      '/v1/external_deals',
      {
        onRequest: admins,
        schema: {
          tags: TAGS,
          summary: "Record an external deal: a customer (chosen, or new with origin external and country code 61), one or more providers and the loan; each provider's deal opens with 'External deal created'",
          body: externalDealFormSchema,
          response: { 201: externalDealView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => answer(reply, await recordExternalDeal(deps, { actor: callerOf(request), correlationId: request.id, form: request.body }), 201),
    );

    app.get(
      '/v1/external_deals/:id',
      {
        onRequest: admins,
        schema: { tags: TAGS, summary: 'An external deal for its edit form: customer, providers with their deals, loan', params: idParams, response: { 200: externalDealView, ...problemResponses } },
      },
      async (request, reply) => {
        await waitForRequestedPosition(deps.db, request, EXTERNAL_DEAL_READ_MODELS);
        const row = await findExternalDeal(deps.db, request.params.id);
        if (!row) return sendProblem(reply, domainProblem(externalDealNotFound));
        return reply.send(await externalDealViewOf(deps.db, row));
      },
    );

    app.patch(
      '/v1/external_deals/:id',
      {
        onRequest: admins,
        schema: {
          tags: TAGS,
          summary: 'Update an external deal: the loan, and providers added (each gets its deal; a provider is never taken off)',
          params: idParams,
          body: externalDealChangesSchema,
          response: { 200: externalDealView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const result = await updateExternalDeal(deps, { actor: callerOf(request), correlationId: request.id, externalDealId: request.params.id, changes: request.body });
        return answer(reply, result, 200);
      },
    );
  };
