import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autoBidImprovementHistory } from '../../application/bid-templates/auto-bid-improvement-history';
import { autoBidImprovementsView } from '../../contracts/auto-bid-improvement';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { bidNotFound, type BidReplies, bidResponses, params, providerOrAdmin, READ_MODELS, TAGS } from './bid-replies';
import { lendersOfBids } from './bid-views';

// Floor and step (docs/auto-bidding.md "Floor and step"): the audit of an auto-bid's improvements. Only the bid's own
// side reads it (its provider, its organisation's viewers, admins): a competitor or the customer never learns a
// template's floor and step.

export const bidImprovementRoutes =
  (deps: AppDependencies, replies: BidReplies): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v4/home_loan_bids/:id/improvements',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "An auto-bid's improvements (floor and step): each step down its template took, with the rates before and after and the other organisation's bid that beat it (with its lender, unless an anonymous bid hides it); empty for a bid never improved. The bid's provider, its organisation's viewers and admins",
          params,
          response: { 200: autoBidImprovementsView, ...bidResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(deps.db, request, READ_MODELS);
        const found = await replies.visibleBid(request, request.params.id);
        const caller = callerOf(request);
        // visibleBid lets the post's customer see the bid; the improvements are the provider's side only.
        if (!found || (caller.userType !== 'admin' && caller.organisationUuid !== found.row.organisation_uuid && caller.userId !== found.row.provider_id)) return sendProblem(reply, bidNotFound());
        const history = await autoBidImprovementHistory(deps, found.row);
        const lenders = await lendersOfBids(deps, history.improvements.map((improvement) => improvement.beaten_by_bid_uuid), { caller, postOwnerId: found.ownerId });
        return { ...history, improvements: history.improvements.map((improvement) => ({ ...improvement, beaten_by_lender: lenders.get(improvement.beaten_by_bid_uuid) ?? null })) };
      },
    );
  };
