import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bidPosts } from '../../application/bids/bid-posts';
import { placeBidWorkflow } from '../../application/bids/place-bid';
import { bidRequestBody, bidView } from '../../contracts/bid';
import { postErrors } from '../../domain/post/decider';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { bidChangeRoutes } from './bid-changes';
import { bidImprovementRoutes } from './bid-improvements';
import { bidDocumentRoutes } from './bid-documents';
import { bidListRoutes } from './bid-lists';
import { anyone, bidNotFound, bidProblem, bidReplies, bidRequestOf, bidResponses, params, providerOrAdmin, READ_MODELS, TAGS } from './bid-replies';
import { toBidViews } from './bid-views';

// spec 3 §7 "Bids" (docs/bids.md): placing and reading a bid here; the lists (bid-lists.ts), editing, cancelling and
// deleting (bid-changes.ts) and the bid's documents (bid-documents.ts) beside. Every route checks who asks; a bid is
// 404 to anyone who may not see it. The workflows are in application/bids/.

export const bidRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    // One per app: the posts' folds and the providers' batched reads are kept between bids.
    const posts = bidPosts(deps);
    const placeBid = placeBidWorkflow(deps, posts);
    const replies = bidReplies(deps);

    app.post(
      '/v4/home_loans/:id/bids',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "Place a bid on the post of this home loan (a provider; an admin for a provider with fsp_user_uuid). 409 BID_NEEDS_CONFIRMATION lists the warnings to resend in confirmed_warnings; 422 BID_LVR_TOO_HIGH the LVR block",
          params,
          body: bidRequestBody,
          response: { 201: bidView, ...bidResponses },
        },
      },
      async (request, reply) => {
        const postId = await posts.postOfHomeLoan(request.params.id);
        if (!postId) return sendProblem(reply, domainProblem({ code: postErrors.notFound, message: 'Post not found.' }));
        const { home_loan_bid, confirmed_warnings, fsp_user_uuid } = request.body;
        const placed = await placeBid(bidRequestOf(request), { postId, bid: home_loan_bid, confirmedWarnings: confirmed_warnings, providerId: fsp_user_uuid });
        if (!placed.ok) return sendProblem(reply, bidProblem(placed.error, placed.field));
        const [view] = await toBidViews(deps, [placed.row], () => ({ caller: callerOf(request), postOwnerId: placed.postOwnerId }), () => placed.place, {
          organisations: new Map([[placed.organisation.uuid, placed.organisation]]),
          names: new Map([[placed.row.provider_id, placed.providerName]]),
        });
        answerPosition(reply, placed.position);
        // Written without the response schema's check: the view is built field by field from the decided bid
        // (toBidViews), and checking it again cost 4% of the server's CPU a bid (docs/performance-history.md "Fewer
        // copies and checks a bid"); the API tests hold every answer of this route to bidView, unknown fields included.
        return reply.code(201).serializer(JSON.stringify).send(view!);
      },
    );

    app.get(
      '/v4/home_loan_bids/:id',
      {
        onRequest: anyone(deps),
        schema: {
          tags: TAGS,
          summary: "A bid: its provider, its organisation's viewers (view_all_within_organisation), an admin, the post's customer",
          params,
          response: { 200: bidView, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const found = await replies.visibleBid(request, request.params.id);
        if (!found) return sendProblem(reply, bidNotFound());
        return replies.answerBid(request, reply, found.row, found.ownerId);
      },
    );

    await app.register(bidListRoutes(deps, replies));
    await app.register(bidChangeRoutes(deps, replies));
    await app.register(bidImprovementRoutes(deps, replies));
    await app.register(bidDocumentRoutes(deps, replies));
  };
