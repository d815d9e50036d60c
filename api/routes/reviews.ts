import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReviewCommand, ReviewFacts } from '../../domain/review/commands';
import { type ReviewError, reviewDecider, reviewErrors, reviewRefusals } from '../../domain/review/decider';
import { reviewStream } from '../../domain/review/events';
import { reviewLimits, reviewMessages, reviewStatuses } from '../../domain/review/schemas';
import { moderationBody, providerReviewsView, publishedReviewView, reviewContextView, reviewView } from '../../contracts/review';
import { listQuerySchema, listResultSchema } from '../../domain/shared/list-query';
import { handleCommand } from '../../infrastructure/command-handler';
import { derivedUuid } from '../../infrastructure/ids';
import { findOrganisation } from '../../projections/organisations/queries';
import { findPost } from '../../projections/posts/queries';
import { waitForProjections } from '../../projections/projection-status';
import { findReview, findReviewView, listReviews, providerHadDeal, providerReviews, publicReviews, reviewSortable } from '../../projections/reviews/queries';
import { findUser } from '../../projections/users/queries';
import { adminOnly, allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { type Problem, problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';

// Reviews (spec 1 §2 "/reviews", "/fsp-review/{post_uuid}/{fsp_uuid}", §3, §4 "Review status", §5 "Rating", §7
// "Reviews list and update", §8, §9; spec 2 §6, §7). The spec shows no paths: ours are listed in docs/api.md.
// Who may call what: docs/reviews.md "Who may do what".

const TAGS = ['reviews'];
const READ_MODELS = ['reviews'] as const;
const WAIT_MS = 5000;
const idParams = z.object({ id: z.uuid() });

/** One review per customer, provider and post: its id is derived from them, so a second submission finds the first. */
export const reviewIdOf = (postId: string, fspId: string, customerId: string) => derivedUuid('review', postId, fspId, customerId);

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

const reviewsQuery = listQuerySchema(
  reviewSortable,
  z.strictObject({
    status: z.enum(reviewStatuses, { error: `Should be one of ${reviewStatuses.join(', ')}` }).optional(),
    fsp_uuid: z.uuid().optional(),
    post_uuid: z.uuid().optional(),
  }),
);

const pageQuery = (defaultCount: number, maxCount: number) =>
  z.strictObject({
    page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
    count: z.coerce.number().int().min(1).max(maxCount, `count is at most ${maxCount}`).default(defaultCount),
  });

const contextParams = z.object({ postId: z.uuid(), fspId: z.uuid() });
const contextQuery = z.strictObject({ customer_uuid: z.uuid({ error: 'must be a customer id' }).optional() });

/** A non-field refusal also names itself under `base`: spec 1 §8 composes rating errors from the errors object. */
const based = (status: number, code: string, detail: string) => problem(status, code, detail, { base: [detail] });
const postNotFound = () => based(404, 'POST_NOT_FOUND', 'Post not found.');
const reviewNotFound = () => based(404, reviewErrors.notFound, reviewRefusals.notFound);
const customerRequired = () => problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', { 'review.customer_uuid': [reviewMessages.required] });

/** A refusal of the decider as problem+json; an admin who chose the wrong customer gets it on the field. */
function reviewProblem(error: ReviewError, caller: Caller): Problem {
  if (error.errors) return problem(422, error.code, error.message, Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [`review.${field}`, messages])));
  if (error.code === reviewErrors.notPostOwner && caller.userType === 'admin') {
    return problem(422, error.code, error.message, { 'review.customer_uuid': [error.message] });
  }
  const status: Record<string, number> = { [reviewErrors.notFound]: 404, [reviewErrors.alreadyModerated]: 409 };
  return based(status[error.code] ?? 403, error.code, error.message);
}

const fullName = (user: { first_name: string | null; last_name: string | null } | undefined) => (user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || null : null);

export const reviewRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, clock } = deps;
    /** An admin without `view` keeps only the system settings (api/access.ts adminOnly), so never reaches reviews. */
    const adminNeedsView: onRequestAsyncHookHandler = async (request, reply) => {
      if (request.caller?.userType === 'admin' && !request.caller.permissions.view) return sendProblem(reply, forbidden());
    };
    const customersAndAdmins = [allow(deps, { userTypes: ['customer', 'admin'] }), adminNeedsView];

    /**
     * Who is being reviewed for whom, before any write: the post (404), the customer (the caller, or the admin's
     * choice, the post's owner by default), the deal the provider holds on it.
     */
    async function subjectOf(caller: Caller, postId: string, fspId: string, chosenCustomer: string | undefined): Promise<{ problem: Problem } | { problem?: never; customerId: string; facts: ReviewFacts }> {
      const post = await findPost(db, postId);
      // A customer learns nothing about posts that are not theirs: the same refusal as for another's post.
      if (!post) return caller.userType === 'admin' ? { problem: postNotFound() } : { problem: based(403, reviewErrors.notPostOwner, reviewRefusals.notPostOwner) };
      const customerId = caller.userType === 'admin' ? (chosenCustomer ?? post.owner_id) : (chosenCustomer ?? caller.userId);
      const hadDeal = await providerHadDeal(db, post.uuid, fspId, customerId);
      return { customerId, facts: { post_id: post.uuid, post_owner_id: post.owner_id, provider_had_deal: hadDeal } };
    }

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
        const subject = await subjectOf(caller, postId, fspId, request.query.customer_uuid);
        if (subject.problem) return sendProblem(reply, subject.problem);
        // The decider's own checks, without writing: the same refusals the submission would get.
        const probe = reviewDecider.decide(
          {
            type: 'SubmitReview',
            data: { review_id: reviewIdOf(postId, fspId, subject.customerId), fsp_id: fspId, customer_id: subject.customerId, facts: subject.facts, review: { rating: reviewLimits.maxRating } },
            metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: clock.now().toISOString() },
          },
          reviewDecider.initialState(),
        );
        if (!probe.ok) return sendProblem(reply, reviewProblem(probe.error, caller));
        const [provider, customer, review] = await Promise.all([findUser(db, fspId), findUser(db, subject.customerId), findReview(db, reviewIdOf(postId, fspId, subject.customerId))]);
        const organisation = provider?.organisation_uuid ? await findOrganisation(db, provider.organisation_uuid) : undefined;
        return reply.send({
          post_uuid: postId,
          provider: { uuid: fspId, full_name: fullName(provider), organisation_name: organisation?.name ?? null },
          customer: { uuid: subject.customerId, full_name: fullName(customer) },
          review: review ? { uuid: review.uuid, rating: review.rating, description: review.description, status: review.status } : null,
        });
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
        if (caller.userType === 'admin' && !customer_uuid) return sendProblem(reply, customerRequired());
        const subject = await subjectOf(caller, post_uuid, fsp_uuid, customer_uuid);
        if (subject.problem) return sendProblem(reply, subject.problem);
        const reviewId = reviewIdOf(post_uuid, fsp_uuid, subject.customerId);
        const now = clock.now();
        const command: ReviewCommand = {
          type: 'SubmitReview',
          data: { review_id: reviewId, fsp_id: fsp_uuid, customer_id: subject.customerId, facts: subject.facts, review: { rating, description } },
          metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: now.toISOString() },
        };
        const result = await handleCommand({
          store,
          ids: deps.ids,
          streamId: reviewStream(reviewId),
          decider: reviewDecider,
          command,
          context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
        });
        if (!result.ok) return sendProblem(reply, reviewProblem(result.error, caller));
        // Created when the stream holds only what this command wrote (a resubmission edits, answered 200).
        const created = result.eventCount > 0 && (await store.readStream(reviewStream(reviewId))).length === result.eventCount;
        return answerReview(reply, reviewId, result.position, created ? 201 : 200);
      },
    );

    /** The review as the moderation list shows it once applied; 202 with the uuid if the read model lags. */
    async function answerReview(reply: FastifyReply, reviewId: string, position: Parameters<typeof answerPosition>[1], status: 200 | 201) {
      answerPosition(reply, position);
      if (position) await waitForProjections(db, READ_MODELS, position, { timeoutMs: WAIT_MS });
      const view = await findReviewView(db, reviewId);
      return view ? reply.code(status).send(view) : reply.code(202).send({ uuid: reviewId });
    }

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
        await waitForRequestedPosition(db, request, [...READ_MODELS, 'users']);
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
        const now = clock.now();
        const result = await handleCommand({
          store,
          ids: deps.ids,
          streamId: reviewStream(request.params.id),
          decider: reviewDecider,
          command: { type: 'ModerateReview', data: { review_id: request.params.id, status: request.body.status }, metadata: { actor: { user_id: caller.userId, admin: true }, now: now.toISOString() } },
          context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
        });
        if (!result.ok) return sendProblem(reply, reviewProblem(result.error, caller));
        // A review of a deleted post or provider is gone from every list: moderating it answers as not found.
        if (!result.position && !(await findReview(db, request.params.id))) return sendProblem(reply, reviewNotFound());
        return answerReview(reply, request.params.id, result.position, 200);
      },
    );

    app.get(
      '/v1/fsps/:id/reviews',
      {
        onRequest: [allow(deps), adminNeedsView],
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
        if (!provider || provider.user_type !== 'fsp') return sendProblem(reply, problem(404, 'PROVIDER_NOT_FOUND', 'Provider not found.'));
        await waitForRequestedPosition(db, request, READ_MODELS);
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
