import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerNotFound } from '../../application/refusals';
import { reviewContext } from '../../application/reviews/review-context';
import { submitReview } from '../../application/reviews/submit-review';
import { providerReviewsView, publishedReviewView, reviewContextView, reviewView } from '../../contracts/review';
import { reviewLimits } from '../../domain/review/schemas';
import { listResultSchema } from '../../domain/shared/list-query';
import { providerReviews, publicReviews } from '../../projections/reviews/queries';
import { findUser } from '../../projections/users/queries';
import { callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { answerReview, reviewProblem } from './review-answers';
import { accessWithView } from './view-access';

// Reviews (spec 1 §2 "/reviews", "/fsp-review/{post_uuid}/{fsp_uuid}", §3, §5 "Rating", §8, §9; spec 2 §6, §7): the
// rating page, rating, a provider's reviews and the public ones; moderation is in review-moderation.ts. The spec
// shows no paths: ours are listed in docs/api.md. Who may call what: docs/reviews.md "Who may do what".

const TAGS = ['reviews'];
const idParams = z.object({ id: z.uuid() });

/** The rating form (spec 1 §5); `customer_uuid` only when an admin rates on a customer's behalf. */
const reviewBody = z.strictObject({
  review: z.strictObject({
    post_uuid: z.uuid({ error: 'must be a post id' }),
    fsp_uuid: z.uuid({ error: 'must be a provider id' }),
    customer_uuid: z.uuid({ error: 'must be a customer id' }).optional(),
    // Checked by the decider with the spec's rules (422 field errors under `review.`).
    rating: z.unknown(),
    description: z.unknown().optional(),
  }),
});

const pageQuery = (defaultCount: number, maxCount: number) =>
  z.strictObject({
    page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
    count: z.coerce.number().int().min(1).max(maxCount, `count is at most ${maxCount}`).default(defaultCount),
  });

const contextParams = z.object({ postId: z.uuid(), fspId: z.uuid() });
const contextQuery = z.strictObject({ customer_uuid: z.uuid({ error: 'must be a customer id' }).optional() });

export const reviewRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const customersAndAdmins = accessWithView(deps, ['customer', 'admin']);

    app.get(
      '/v1/posts/:postId/fsps/:fspId/review',
      {
        onRequest: customersAndAdmins,
        schema: {
          tags: TAGS,
          summary: "The rating page's context: the provider, the customer (an admin's choice, the post's owner by default) and the review already sent",
          params: contextParams,
          querystring: contextQuery,
          response: { 200: reviewContextView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await waitForRequestedPosition(db, request, ['deals', 'reviews']);
        const { postId, fspId } = request.params;
        const result = await reviewContext(deps, { actor: caller, postId, fspId, customerUuid: request.query.customer_uuid });
        if (!result.ok) return sendProblem(reply, reviewProblem(result.error, caller));
        return reply.send(result.context);
      },
    );

    app.post(
      '/v1/reviews',
      {
        onRequest: customersAndAdmins,
        schema: {
          tags: TAGS,
          summary: "Rate a provider after a deal on the customer's post (an admin: on behalf of the post's customer); sent again while pending, it replaces the review",
          body: reviewBody,
          response: { 200: reviewView, 201: reviewView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { post_uuid, fsp_uuid, customer_uuid, rating, description } = request.body.review;
        const result = await submitReview(deps, { actor: caller, correlationId: request.id, postId: post_uuid, fspId: fsp_uuid, customerUuid: customer_uuid, rating, description });
        return answerReview(reply, caller, result);
      },
    );

    app.get(
      '/v1/fsps/:id/reviews',
      {
        onRequest: accessWithView(deps),
        schema: {
          tags: TAGS,
          summary: "A provider's approved reviews, 5 per page, with their count and average rating (the provider itself, customers, admins)",
          params: idParams,
          querystring: pageQuery(reviewLimits.pageSize, 25),
          response: { 200: providerReviewsView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        // spec 1 §6: other providers' profiles are hidden from a provider.
        if (caller.userType === 'fsp' && caller.userId !== request.params.id) return sendProblem(reply, forbidden());
        const provider = await findUser(db, request.params.id);
        if (!provider || provider.user_type !== 'fsp') return sendProblem(reply, domainProblem(providerNotFound));
        await waitForRequestedPosition(db, request, ['reviews']);
        return reply.send(await providerReviews(db, request.params.id, request.query.page, request.query.count));
      },
    );

    app.get(
      '/v1/reviews/public',
      {
        schema: {
          tags: TAGS,
          summary: 'Public reviews for the comparison tool, no log-in (rating 5, approved): the customer as first name and initial only',
          querystring: pageQuery(10, 50),
          response: { 200: listResultSchema(publishedReviewView), ...problemResponses },
        },
      },
      async (request) => publicReviews(db, request.query.page, request.query.count),
    );
  };
