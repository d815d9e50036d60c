import type { ReviewView } from '../../contracts/review';
import { reviewDecider } from '../../domain/review/decider';
import { reviewStream } from '../../domain/review/events';
import { reviewMessages } from '../../domain/review/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findReviewView } from '../../projections/reviews/queries';
import { type ActorRequest, adminFlagMetadata, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { awaitReadModels } from '../read-models';
import { invalidFields, type Refusal } from '../refusals';
import { reviewIdOf, reviewSubject } from './review-subject';

// Rating a provider (spec 1 §5 "Rating", §8; spec 2 §6): the customer after a deal on their post, or an admin on
// the customer's behalf; sent again while pending, it replaces the review. docs/reviews.md.

export type ReviewDeps = Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>;

/** The review as the moderation list shows it once applied; undefined if the read model lags past the bounded wait. */
export type ReviewWritten = { ok: true; reviewId: string; view: ReviewView | undefined; created: boolean; position: Position | null } | { ok: false; error: Refusal };

export type SubmitReviewInput = ActorRequest & { postId: string; fspId: string; customerUuid: string | undefined; rating: unknown; description: unknown };

const READ_MODELS = ['reviews'];

/** The written review once the read model has it (bounded wait). */
export async function reviewWritten(db: ReviewDeps['db'], reviewId: string, position: Position | null, created: boolean): Promise<ReviewWritten> {
  await awaitReadModels(db, READ_MODELS, position);
  return { ok: true, reviewId, view: await findReviewView(db, reviewId), created, position };
}

export async function submitReview(deps: ReviewDeps, input: SubmitReviewInput): Promise<ReviewWritten> {
  const { db, store, ids, clock } = deps;
  const { actor, postId, fspId } = input;
  if (actor.userType === 'admin' && !input.customerUuid) return { ok: false, error: invalidFields({ customer_uuid: [reviewMessages.required] }) };
  const subject = await reviewSubject(db, actor, postId, fspId, input.customerUuid);
  if (!subject.ok) return subject;
  const reviewId = reviewIdOf(postId, fspId, subject.customerId);
  const now = clock.now();
  const result = await handleCommand({
    store,
    ids,
    streamId: reviewStream(reviewId),
    decider: reviewDecider,
    command: {
      type: 'SubmitReview',
      data: { review_id: reviewId, fsp_id: fspId, customer_id: subject.customerId, facts: subject.facts, review: { rating: input.rating, description: input.description } },
      metadata: adminFlagMetadata(actor, now),
    },
    context: contextOf(input, now),
  });
  if (!result.ok) return { ok: false, error: result.error };
  // Created when the stream holds only what this command wrote (a resubmission edits).
  const created = result.eventCount > 0 && (await store.readStream(reviewStream(reviewId))).length === result.eventCount;
  return reviewWritten(db, reviewId, result.position, created);
}
