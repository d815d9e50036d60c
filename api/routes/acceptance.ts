import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptBid } from '../../application/acceptance/accept-bid';
import { changeContactPreference, contactPreferenceViewOf } from '../../application/deals/change-contact-preference';
import { dealNotFound, mayReadContactPreference } from '../../application/deals/deal-access';
import { acceptanceView, acceptBidBody, contactPreferenceBody, contactPreferenceView } from '../../contracts/deal';
import type { ContactPreference } from '../../domain/deal/schemas';
import type { DealRow } from '../../projections/deals/deals';
import { findDeal, findDealOfBid } from '../../projections/deals/queries';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { accessWithView } from './view-access';

// Acceptance (spec 1 §4, spec 3 §4, §5; application/acceptance/accept-bid.ts), the e-mail link
// /connect-me/{post_uuid}/{bid_uuid} (spec 1 §2), and the contact preference of a deal afterwards (spec 3 §7).
// docs/deals.md "Acceptance".

const TAGS = ['deals'];
const acceptParams = z.object({ post_id: z.uuid(), bid_id: z.uuid() });
const idParams = z.object({ id: z.uuid() });

/**
 * Accepts as the caller and answers the acceptance. Shared with the e-mail link's route (api/routes/email-links.ts),
 * which runs it as the link's recipient.
 */
export function bidAcceptance(deps: AppDependencies) {
  return async function accept(request: FastifyRequest, reply: FastifyReply, postId: string, bidId: string, preference: ContactPreference | undefined) {
    const result = await acceptBid(deps, { actor: callerOf(request), correlationId: request.id, postId, bidId, preference });
    if (!result.ok) return sendProblem(reply, domainProblem(result.error));
    answerPosition(reply, result.position);
    return reply.send(result.acceptance);
  };
}

export const acceptanceRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const accept = bidAcceptance(deps);

    app.post(
      '/v1/posts/:post_id/home_loan_bids/:bid_id/accept',
      {
        onRequest: accessWithView(deps, ['customer', 'admin']),
        schema: {
          tags: TAGS,
          summary: "Accept a bid of the post (owner: post active or review, bid active; admin: post active, review or processing, bid active or expired) with the customer's contact preference",
          params: acceptParams,
          body: acceptBidBody,
          response: { 200: acceptanceView, ...problemResponses },
        },
      },
      (request, reply) => accept(request, reply, request.params.post_id, request.params.bid_id, request.body.contact_preference),
    );

    // The e-mail link (spec 1 §2 /connect-me/{post_uuid}/{bid_uuid}): the logged-in owner asks to be connected with
    // the provider of that bid, which accepts it with the default contact preference; following the link again
    // after the acceptance confirms it again (docs/deals.md "Connect me").
    app.post(
      '/v1/connect-me/:post_id/:bid_id',
      {
        onRequest: accessWithView(deps, ['customer']),
        schema: {
          tags: TAGS,
          summary: "The e-mail link's confirmation: the post's owner accepts the bid (default contact preference); again after that, a confirmation",
          params: acceptParams,
          response: { 200: acceptanceView, ...problemResponses },
        },
      },
      (request, reply) => accept(request, reply, request.params.post_id, request.params.bid_id, undefined),
    );

    /** The deal, when the caller may see its contact preference: the customer, the deal's readers. */
    const preferenceDeal = (request: FastifyRequest, deal: DealRow | undefined): DealRow | null => (deal && mayReadContactPreference(callerOf(request), deal) ? deal : null);

    async function changePreference(request: FastifyRequest, reply: FastifyReply, deal: DealRow | null, preference: ContactPreference | null) {
      if (!deal) return sendProblem(reply, domainProblem(dealNotFound));
      const result = await changeContactPreference(deps, { actor: callerOf(request), correlationId: request.id, deal, preference });
      if (!result.ok) return sendProblem(reply, domainProblem(result.error, { wrapper: 'contact_preference' }));
      answerPosition(reply, result.position);
      return reply.send(result.preference);
    }

    const preferenceAccess = accessWithView(deps, ['customer', 'fsp', 'admin']);

    app.get(
      '/v1/home_loan_bids/:id/contact_preferences',
      {
        onRequest: preferenceAccess,
        schema: {
          tags: TAGS,
          summary: "The contact preference of the bid's deal (the customer, the deal's provider, admins)",
          params: idParams,
          response: { 200: contactPreferenceView, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, ['deals']);
        const deal = preferenceDeal(request, await findDealOfBid(db, request.params.id));
        if (!deal) return sendProblem(reply, domainProblem(dealNotFound));
        return reply.send(contactPreferenceViewOf(deal.uuid, deal.contact_preference));
      },
    );

    app.post(
      '/v1/home_loan_bids/:id/contact_preferences',
      {
        onRequest: preferenceAccess,
        schema: {
          tags: TAGS,
          summary: "Set the contact preference of the bid's deal (its customer or an admin)",
          params: idParams,
          body: contactPreferenceBody,
          response: { 200: contactPreferenceView, ...problemResponses },
        },
      },
      async (request, reply) => changePreference(request, reply, preferenceDeal(request, await findDealOfBid(db, request.params.id)), request.body.contact_preference),
    );

    app.delete(
      '/v1/contact_preferences/:id',
      {
        onRequest: preferenceAccess,
        schema: {
          tags: TAGS,
          summary: 'Remove a contact preference (its uuid is the deal’s): the deal goes back to any day, 00:00–23:59',
          params: idParams,
          response: { 200: contactPreferenceView, ...problemResponses },
        },
      },
      async (request, reply) => changePreference(request, reply, preferenceDeal(request, await findDeal(db, request.params.id)), null),
    );
  };
