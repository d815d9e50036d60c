import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import type { DealCommand } from '../../domain/deal/commands';
import { dealDecider } from '../../domain/deal/decider';
import { dealStream } from '../../domain/deal/events';
import { type ContactPreference, defaultContactPreference } from '../../domain/deal/schemas';
import { acceptanceView, acceptBidBody, contactPreferenceBody, contactPreferenceView } from '../../contracts/deal';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { CONTENDED_ATTEMPTS, handleCommand, loadState } from '../../infrastructure/command-handler';
import { dealIdOf } from '../../projections/deals/deal-opener';
import type { DealRow } from '../../projections/deals/deals';
import { findDeal, findDealOfBid } from '../../projections/deals/queries';
import { findPost } from '../../projections/posts/queries';
import { waitForProjections } from '../../projections/projection-status';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { dealAccess, dealProblem, mayReadDeal } from './deal-access';
import { postNotFound, postProblem } from './post-commands';

// Acceptance (spec 1 §4, spec 3 §4, §5): the post's owner or an admin accepts one bid of the post, with the
// customer's contact preference; the post stream owns "exactly one accepted bid" (DESIGN.md §2) and the deals
// reactor opens the deal. The contact preference of a deal afterwards (spec 3 §7), and the e-mail link
// /connect-me/{post_uuid}/{bid_uuid} (spec 1 §2). docs/deals.md "Acceptance".

const TAGS = ['deals'];
const WAIT_MS = 5000;
const acceptParams = z.object({ post_id: z.uuid(), bid_id: z.uuid() });
const idParams = z.object({ id: z.uuid() });

const bidNotFound = () => problem(404, 'BID_NOT_FOUND', 'Bid not found.');
const dealNotFound = () => problem(404, 'DEAL_NOT_FOUND', 'Deal not found.');

const preferenceViewOf = (dealId: string, preference: ContactPreference) => ({ uuid: dealId, ...preference });

/**
 * Accepts as the caller; answers the acceptance once the deal is readable (or the bounded wait is over). Shared with
 * the e-mail link's route (api/routes/email-links.ts), which runs it as the link's recipient.
 */
export function bidAcceptance(deps: AppDependencies) {
  const { db, store, ids, clock } = deps;
  return async function accept(request: FastifyRequest, reply: FastifyReply, postId: string, bidId: string, preference: ContactPreference | undefined) {
    const caller = callerOf(request);
    const isAdmin = caller.userType === 'admin';
    const post = await findPost(db, postId);
    // Someone else's post is answered like a missing one (docs/security.md).
    if (!post || (!isAdmin && post.owner_id !== caller.userId)) return sendProblem(reply, postNotFound());
    const bid = await loadState(store, bidStream(bidId), bidDecider);
    if (bid.state.status === 'absent' || bid.state.status === 'deleted' || bid.state.bid.post_id !== postId) return sendProblem(reply, bidNotFound());
    const now = clock.now();
    const result = await handleCommand({
      store,
      ids,
      streamId: postStream(postId),
      decider: postDecider,
      command: {
        type: 'AcceptBid',
        data: { post_id: postId, bid_id: bidId, bid_status: bid.state.status, ...(preference ? { contact_preference: preference } : {}) },
        metadata: { actor: { user_id: caller.userId, admin: isAdmin }, now: now.toISOString() },
      },
      context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
      // The post may be taking a burst of bids: the acceptance must not lose to them.
      attempts: CONTENDED_ATTEMPTS,
    });
    if (!result.ok) return sendProblem(reply, postProblem(result.error));
    const dealId = dealIdOf(bidId);
    // Read your writes: the reactor opens the deal after the acceptance; wait for it, then for the deals read model.
    // One budget for both waits: two full waits in a row kept a client waiting over 10 s under load.
    const deadline = Date.now() + WAIT_MS;
    if (result.position) await waitForProjections(db, ['deal-opener'], result.position, { timeoutMs: WAIT_MS });
    const dealEvents = await store.readStream(dealStream(dealId));
    const last = dealEvents[dealEvents.length - 1];
    if (last) {
      await waitForProjections(db, ['deals'], last.position, { timeoutMs: Math.max(0, deadline - Date.now()) });
      answerPosition(reply, last.position);
    } else {
      answerPosition(reply, result.position);
    }
    const deal = await findDeal(db, dealId);
    return reply.send({
      post_id: postId,
      bid_id: bidId,
      deal_id: dealId,
      deal_opened: deal !== undefined,
      contact_preference: preferenceViewOf(dealId, deal?.contact_preference ?? preference ?? defaultContactPreference),
    });
  };
}

export const acceptanceRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, ids, clock } = deps;
    const accept = bidAcceptance(deps);

    app.post(
      '/v1/posts/:post_id/home_loan_bids/:bid_id/accept',
      {
        onRequest: dealAccess(deps, ['customer', 'admin']),
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
        onRequest: dealAccess(deps, ['customer']),
        schema: {
          tags: TAGS,
          summary: "The e-mail link's confirmation: the post's owner accepts the bid (default contact preference); again after that, a confirmation",
          params: acceptParams,
          response: { 200: acceptanceView, ...problemResponses },
        },
      },
      (request, reply) => accept(request, reply, request.params.post_id, request.params.bid_id, undefined),
    );

    /** The bid's deal, when the caller may see its contact preference: the customer, the deal's readers. */
    async function dealForPreference(request: FastifyRequest, deal: DealRow | undefined): Promise<DealRow | null> {
      if (!deal) return null;
      const caller = callerOf(request);
      return caller.userId === deal.customer_id || mayReadDeal(caller, deal) ? deal : null;
    }

    async function changePreference(request: FastifyRequest, reply: FastifyReply, deal: DealRow, preference: ContactPreference | null) {
      const caller = callerOf(request);
      const now = clock.now();
      const command: DealCommand = {
        type: 'ChangeContactPreference',
        data: { deal_id: deal.uuid, contact_preference: preference },
        metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: now.toISOString() },
      };
      const result = await handleCommand({
        store,
        ids,
        streamId: dealStream(deal.uuid),
        decider: dealDecider,
        command,
        context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
      });
      if (!result.ok) return sendProblem(reply, dealProblem(result.error, 'contact_preference'));
      if (result.position) await waitForProjections(db, ['deals'], result.position, { timeoutMs: WAIT_MS });
      answerPosition(reply, result.position);
      if (result.state.status === 'absent') return sendProblem(reply, dealNotFound());
      return reply.send(preferenceViewOf(deal.uuid, result.state.deal.contact_preference));
    }

    const preferenceAccess = dealAccess(deps, ['customer', 'fsp', 'admin']);

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
        const deal = await dealForPreference(request, await findDealOfBid(db, request.params.id));
        if (!deal) return sendProblem(reply, dealNotFound());
        return reply.send(preferenceViewOf(deal.uuid, deal.contact_preference));
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
      async (request, reply) => {
        const deal = await dealForPreference(request, await findDealOfBid(db, request.params.id));
        if (!deal) return sendProblem(reply, dealNotFound());
        return changePreference(request, reply, deal, request.body.contact_preference);
      },
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
      async (request, reply) => {
        const deal = await dealForPreference(request, await findDeal(db, request.params.id));
        if (!deal) return sendProblem(reply, dealNotFound());
        return changePreference(request, reply, deal, null);
      },
    );
  };
