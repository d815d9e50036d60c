import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeCampaign, removeCampaign } from '../../application/campaigns/change-campaign';
import { createCampaign } from '../../application/campaigns/create-campaign';
import { campaignErrors } from '../../domain/campaign/decider';
import {
  campaignListQuery,
  campaignMessages,
  campaignPostListQuery,
  campaignPostView,
  campaignView,
  createCampaignBody,
  updateCampaignBody,
} from '../../domain/campaign/schemas';
import { slugTakenError } from '../../domain/campaign/slug-reservation';
import { findProduct } from '../../domain/product/products';
import type { DomainError } from '../../domain/shared/decider';
import { listResultSchema } from '../../domain/shared/list-query';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findCampaign, listCampaignPosts, listCampaigns } from '../../projections/campaigns/queries';
import { adminOnly } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerOnceProjected, answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { toCampaignPostView, toCampaignView } from './campaign-views';

// Campaigns (spec 3 §2, §3, §5, §7 "Campaigns"; docs/campaigns.md), admin only.

const TAGS = ['campaigns'];
const READ_MODELS = ['campaigns'] as const;
const idParams = z.object({ id: z.uuid() });
const campaignNotFound = () => domainProblem({ code: campaignErrors.notFound, message: campaignMessages.notFound });
const productNotFound = () => problem(404, 'PRODUCT_NOT_FOUND', 'Product not found.');

export const campaignRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
    app.addHook('onRequest', adminOnly(deps));

    /** The campaign as the list shows it once the change is applied; 202 if the projection lags. */
    async function answerCampaign(reply: FastifyReply, id: string, position: Position | null, status: 200 | 201) {
      await answerOnceProjected(db, reply, READ_MODELS, position);
      const row = await findCampaign(db, id);
      if (!row) return reply.code(202).send({ uuid: id });
      return reply.code(status).send(toCampaignView(row));
    }

    const list = {
      tags: TAGS,
      querystring: campaignListQuery,
      response: { 200: listResultSchema(campaignView), ...problemResponses },
    };
    const listCampaignsPage = async (query: z.infer<typeof campaignListQuery>) => {
      const page = await listCampaigns(db, query);
      return { total_records: page.total_records, result: page.result.map(toCampaignView) };
    };

    app.get('/v2/campaigns', { schema: { ...list, summary: 'List campaigns with their figures (server-paged, 10 a page)' } }, async (request) => {
      await waitForRequestedPosition(db, request, READ_MODELS);
      return listCampaignsPage(request.query);
    });

    app.get(
      '/v1/products/:id/campaigns',
      { schema: { ...list, params: idParams, summary: "A product's campaigns (server-paged, 10 a page)" } },
      async (request, reply) => {
        if (!findProduct(request.params.id)) return sendProblem(reply, productNotFound());
        await waitForRequestedPosition(db, request, READ_MODELS);
        return listCampaignsPage(request.query);
      },
    );

    app.post(
      '/v1/products/:id/campaigns',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a campaign (its slug unique)',
          params: idParams,
          body: createCampaignBody,
          response: { 201: campaignView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const product = findProduct(request.params.id);
        if (!product) return sendProblem(reply, productNotFound());
        const result = await createCampaign(deps, { productId: product.uuid, campaign: request.body.campaign }, commandContext(request, clock));
        if (!result.ok) return sendCampaignRefusal(reply, result.error);
        return answerCampaign(reply, result.campaignId, result.position, 201);
      },
    );

    app.get(
      '/v1/campaigns/:id',
      { schema: { tags: TAGS, summary: 'One campaign with its figures', params: idParams, response: { 200: campaignView, ...problemResponses } } },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const row = await findCampaign(db, request.params.id);
        if (!row) return sendProblem(reply, campaignNotFound());
        return toCampaignView(row);
      },
    );

    app.get(
      '/v1/campaigns/:id/posts',
      {
        schema: {
          tags: TAGS,
          summary: "The posts started through the campaign's link, newest first, with their deals (server-paged)",
          params: idParams,
          querystring: campaignPostListQuery,
          response: { 200: listResultSchema(campaignPostView), ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, [...READ_MODELS, 'posts']);
        if (!(await findCampaign(db, request.params.id))) return sendProblem(reply, campaignNotFound());
        const page = await listCampaignPosts(db, request.params.id, request.query);
        return { total_records: page.total_records, result: page.result.map(toCampaignPostView) };
      },
    );

    app.patch(
      '/v1/campaigns/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Change a campaign (a field left out keeps its value)',
          params: idParams,
          body: updateCampaignBody,
          response: { 200: campaignView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const id = request.params.id;
        const result = await changeCampaign(deps, { campaignId: id, changes: request.body.campaign }, commandContext(request, clock));
        if (!result.ok) return sendCampaignRefusal(reply, result.error);
        return answerCampaign(reply, id, result.position, 200);
      },
    );

    app.delete(
      '/v1/campaigns/:id',
      { schema: { tags: TAGS, summary: "Remove a campaign ('Campaign Removed'); its slug is released", params: idParams, response: { 204: z.null(), ...problemResponses } } },
      async (request, reply) => {
        const result = await removeCampaign(deps, request.params.id, commandContext(request, clock));
        if (!result.ok) return sendCampaignRefusal(reply, result.error);
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );
  };

/** The form shows a refusal beside the field at fault. */
const fieldOfCode: Record<string, string> = {
  [slugTakenError]: 'campaign.slug',
  [campaignErrors.benefitOutOfRange]: 'campaign.benefit_value',
  [campaignErrors.commissionOutOfRange]: 'campaign.commission_value',
  [campaignErrors.brokerPayee]: 'campaign.commission_payee',
  [campaignErrors.samePayerAndPayee]: 'campaign.commission_payee',
};

function sendCampaignRefusal(reply: FastifyReply, error: DomainError) {
  const field = fieldOfCode[error.code];
  return sendProblem(reply, domainProblem(error, field ? { field } : {}));
}
