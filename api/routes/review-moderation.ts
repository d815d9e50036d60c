import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moderateReview } from '../../application/reviews/moderate-review';
import { moderationBody, reviewView } from '../../contracts/review';
import { reviewStatuses } from '../../domain/review/schemas';
import { listQuerySchema, listResultSchema } from '../../domain/shared/list-query';
import { listReviews, reviewSortable } from '../../projections/reviews/queries';
import { adminOnly, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problemResponses } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { answerReview } from './review-answers';

// Moderation of reviews (spec 1 §4 "Review status", §7 "Reviews list and update"; spec 2 §7): admins list them and
// approve or reject them. docs/reviews.md.

const TAGS = ['reviews'];
const idParams = z.object({ id: z.uuid() });

const reviewsQuery = listQuerySchema(
  reviewSortable,
  z.strictObject({
    status: z.enum(reviewStatuses, { error: `Should be one of ${reviewStatuses.join(', ')}` }).optional(),
    fsp_uuid: z.uuid().optional(),
    post_uuid: z.uuid().optional(),
  }),
);

export const reviewModerationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/v1/reviews',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: TAGS,
          summary: 'The moderation list (admins): page, count, sorting[created_at|updated_at|rating|status], filter[status|fsp_uuid|post_uuid]',
          querystring: reviewsQuery,
          response: { 200: listResultSchema(reviewView), ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, ['reviews', 'users']);
        const { page, count, sorting, filter } = request.query;
        const sortField = reviewSortable.find((field) => sorting?.[field]) ?? 'created_at';
        return listReviews(db, {
          page,
          count,
          sortField,
          sortDirection: sorting?.[sortField] ?? 'desc',
          status: filter?.status ?? null,
          fspId: filter?.fsp_uuid ?? null,
          postId: filter?.post_uuid ?? null,
        });
      },
    );

    app.patch(
      '/v1/reviews/:id',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: TAGS,
          summary: "Moderate a review (admins): set its status to approved or rejected ('Review {status}!')",
          params: idParams,
          body: moderationBody,
          response: { 200: reviewView, 202: z.object({ uuid: z.uuid() }), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        return answerReview(reply, caller, await moderateReview(deps, { actor: caller, correlationId: request.id, reviewId: request.params.id, status: request.body.status }));
      },
    );
  };
