import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelTemplateBids } from '../../application/bid-templates/cancel-template-bids';
import { cancelledTemplateBids, templateOperationBody } from '../../contracts/bid-template';
import { waitForProjections } from '../../projections/projection-status';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';
import { READ_MODELS as BID_READ_MODELS } from './bid-replies';
import { params, providerOrAdmin, TAGS, templateProblem, templateRequestOf, templateResponses } from './bid-template-replies';

// spec 3 §4, §7 `PATCH /v1/home_loan_bid_templates/{id}`: a template's operations, by `operation`. Built:
// cancel_active_bids (docs/bid-templates.md "Cancelling a template's bids"); the workflow is
// application/bid-templates/cancel-template-bids.ts.

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
            "A template's operations: cancel_active_bids cancels, with the reason, every bid the template placed that is still active on a post in bidding (its owner with cancel_active_bids, or an admin), each as `PATCH /v4/home_loan_bids/{id}/cancel` would. The screens toast 'Done!' with 'Bids were cancelled.'",
          params,
          body: templateOperationBody,
          response: { 200: cancelledTemplateBids, ...templateResponses },
        },
      },
      async (request, reply) => {
        const templateId = request.params.id;
        const result = await cancelTemplateBids(deps, templateRequestOf(request), { templateId, reason: request.body.reason });
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
