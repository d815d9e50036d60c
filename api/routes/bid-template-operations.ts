import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelTemplateBids } from '../../application/bid-templates/cancel-template-bids';
import { requestSimulation } from '../../application/bid-templates/request-simulation';
import { simulationRequested } from '../../contracts/auto-bidding-simulation';
import { cancelledTemplateBids, templateOperationBody } from '../../contracts/bid-template';
import { waitForProjections } from '../../projections/projection-status';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';
import { READ_MODELS as BID_READ_MODELS } from './bid-replies';
import { params, providerOrAdmin, TAGS, templateProblem, templateRequestOf, templateResponses } from './bid-template-replies';

// spec 3 §4, §7 `PATCH /v1/home_loan_bid_templates/{id}`: a template's operations, by `operation`. Built:
// cancel_active_bids (docs/auto-bidding.md "Cancelling a template's bids"; application/bid-templates/cancel-template-bids.ts)
// and execute_automatic_bidding in mode simulation (docs/auto-bidding.md "Simulation"; request-simulation.ts).

export const bidTemplateOperationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.patch(
      '/v1/home_loan_bid_templates/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary:
            "A template's operations: cancel_active_bids cancels, with the reason, every bid the template placed that is still active on a post in bidding (its owner with cancel_active_bids, or an admin), each as `PATCH /v4/home_loan_bids/{id}/cancel` would; the screens toast 'Done!' with 'Bids were cancelled.'. execute_automatic_bidding with mode simulation and type template (whoever sees the template) records a simulation over the posts of the review period and answers 202 at once; the run, its page (`GET /v1/auto_bidding_simulations/{id}`) and its e-mail follow; the screens toast 'Simulation Requested'",
          params,
          body: templateOperationBody,
          response: { 200: cancelledTemplateBids, 202: simulationRequested, ...templateResponses },
        },
      },
      async (request, reply) => {
        const templateId = request.params.id;
        const { body } = request;
        if (body.operation === 'execute_automatic_bidding') {
          const result = await requestSimulation(deps, templateRequestOf(request), { templateId, reviewPeriod: body.review_period ?? null });
          if (!result.ok) return sendProblem(reply, templateProblem(result.error));
          // The page the answer links to finds the simulation (requested); the run is not waited for.
          if (result.position) await waitForProjections(db, ['auto_bidding_simulations'], result.position);
          answerPosition(reply, result.position);
          return reply.code(202).send({ simulation_uuid: result.simulationId, home_loan_bid_template_uuid: templateId, status: 'requested' as const, review_period: result.reviewPeriod });
        }
        const result = await cancelTemplateBids(deps, templateRequestOf(request), { templateId, reason: body.reason });
        if (!result.ok) return sendProblem(reply, templateProblem(result.error));
        // The bid lists the provider goes back to show them cancelled.
        if (result.position) await waitForProjections(db, BID_READ_MODELS, result.position);
        answerPosition(reply, result.position);
        return {
          home_loan_bid_template_uuid: templateId,
          cancelled_bids: result.cancelled.length,
          cancelled_bid_uuids: result.cancelled,
          skipped_bids: result.skipped.map(({ bid_id, code }) => ({ bid_uuid: bid_id, code })),
        };
      },
    );
  };
