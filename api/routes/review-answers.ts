import type { FastifyReply } from 'fastify';
import type { Refusal } from '../../application/refusals';
import type { ReviewWritten } from '../../application/reviews/submit-review';
import { reviewErrors } from '../../domain/review/decider';
import type { Caller } from '../authentication';
import { domainProblem } from '../domain-problems';
import { problem, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

// How the review routes (reviews.ts, review-moderation.ts) answer: the rating form's field names and spec 1 §8's
// `base`, and the written review.

/** A refusal as problem+json: field errors under `review.`; any other refusal also names itself under `base` (spec 1 §8 composes rating errors from the errors object). */
export function reviewProblem(error: Refusal, caller: Caller) {
  if (error.errors) return domainProblem(error, { wrapper: 'review' });
  // An admin who chose a customer not owning the post can fix the field (422); a customer is refused (403).
  if (error.code === reviewErrors.notPostOwner && caller.userType === 'admin') return problem(422, error.code, error.message, { 'review.customer_uuid': [error.message] });
  return domainProblem(error, { field: 'base' });
}

/** The review as the moderation list shows it (201 when created); 202 with the uuid if the read model lags. */
export function answerReview(reply: FastifyReply, caller: Caller, result: ReviewWritten) {
  if (!result.ok) return sendProblem(reply, reviewProblem(result.error, caller));
  answerPosition(reply, result.position);
  return result.view ? reply.code(result.created ? 201 : 200).send(result.view) : reply.code(202).send({ uuid: result.reviewId });
}
