import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeBidTemplate } from '../../application/bid-templates/change-bid-template';
import { templateActorOf } from '../../application/bid-templates/template-request';
import { bidTemplateView, improvementBody } from '../../contracts/bid-template';
import type { AppDependencies } from '../dependencies';
import { answerChange, params, providerOrAdmin, TAGS, templateRequestOf, templateResponses } from './bid-template-replies';

// Floor and step (issue 29 item 7, beyond the spec; docs/auto-bidding.md "Floor and step"): the template's setting.
// The improvements themselves are the auto-bid improver's (application/bid-templates/auto-bid-improver.ts).

export const bidTemplateImprovementRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/v4/home_loan_bid_templates/:id/improvement',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary:
            "Set a template's floor and step (`improvement`: floor_comparison_rate below the template's comparison rate and at least the lowest bid rate, step 0.01–0.50, max_improvements_per_post 1–10), or clear it with null. When another organisation's bid beats one of its auto-bids, the auto-bid improves by one step down to the floor. execute_automatic_bidding on a template one may change, or an admin",
          params,
          body: improvementBody,
          response: { 200: bidTemplateView, ...templateResponses },
        },
      },
      async (request, reply) => {
        const request_ = templateRequestOf(request);
        const { improvement, revision } = request.body;
        const result = await changeBidTemplate(deps, request_, { type: 'SetAutoBidImprovement', data: { template_id: request.params.id, improvement, expected_revision: revision ?? null } });
        return answerChange(deps, templateActorOf(request_), reply, request.params.id, result);
      },
    );
  };
