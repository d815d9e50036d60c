import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelBid } from '../../application/bids/cancel-bid';
import { deleteBid } from '../../application/bids/delete-bid';
import { bidRequestBody, bidView } from '../../contracts/bid';
import { bidCancellationReason } from '../../domain/bid/schemas';
import { waitForProjections } from '../../projections/projection-status';
import { adminOnly } from '../access';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';
import { bidNotFound, bidProblem, type BidReplies, bidRequestOf, bidResponses, params, providerOrAdmin, READ_MODELS, TAGS } from './bid-replies';

// spec 3 §7 "Bids" (docs/bids.md "Editing a bid", "Cancelling and deleting"): the workflows are in application/bids/.

const editBody = bidRequestBody.omit({ fsp_user_uuid: true });

export const bidChangeRoutes =
  (deps: AppDependencies, replies: BidReplies): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/v4/home_loan_bids/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "Edit a bid (its provider or an admin): an active bid while the post takes bids, or the bid of an open deal (accepted, contacted, applied, on hold; 409 BID_NOT_EDITABLE once the deal is closed or the bid cancelled); the same form rules, LVR block and warnings as placing",
          params,
          body: editBody,
          response: { 200: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await replies.visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const { home_loan_bid, confirmed_warnings } = request.body;
        // The bid's documents keep their ids; any other (new, or an id not of this bid) gets a new one.
        const own = new Set(found.row.form.required_documents.map((d) => d.uuid));
        const bid = { ...home_loan_bid, required_documents: home_loan_bid.required_documents.map((d) => ({ ...d, uuid: d.uuid && own.has(d.uuid) ? d.uuid : deps.ids.uuid() })) };
        return replies.answerEdit(request, reply, found.row, bid, confirmed_warnings);
      },
    );

    app.patch(
      '/v4/home_loan_bids/:id/cancel',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "Cancel a bid with a reason (own bid with cancel_active_bids, or an admin); never once closed_won, closed_lost or cancelled. The screens toast 'Bid was Canceled'",
          params,
          body: z.strictObject({ reason: bidCancellationReason }),
          response: { 200: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await replies.visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const result = await cancelBid(deps, bidRequestOf(request), { bidId: found.row.uuid, reason: request.body.reason });
        if (!result.ok) return sendProblem(reply, bidProblem(result.error));
        return replies.answerAfterWrite(request, reply, found.row.uuid, result.position);
      },
    );

    app.delete(
      '/v4/home_loan_bids/:id',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: TAGS,
          summary: "Delete a bid that is not a deal (admin); it leaves every list. The screens toast 'Bid was Removed'",
          params,
          response: { 204: z.null(), ...bidResponses },
        },
      },
      async (request, reply) => {
        const found = await replies.visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        const result = await deleteBid(deps, bidRequestOf(request), { bidId: found.row.uuid });
        if (!result.ok) return sendProblem(reply, bidProblem(result.error));
        answerPosition(reply, result.position);
        if (result.position) await waitForProjections(deps.db, READ_MODELS, result.position, { timeoutMs: 5000 });
        return reply.code(204).send(null);
      },
    );
  };
