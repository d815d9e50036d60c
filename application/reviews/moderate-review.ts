import { reviewDecider, reviewErrors, reviewRefusals } from '../../domain/review/decider';
import { reviewStream } from '../../domain/review/events';
import type { ModerationStatus } from '../../domain/review/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import { findReview } from '../../projections/reviews/queries';
import { type ActorRequest, contextOf } from '../caller';
import type { Refusal } from '../refusals';
import { type ReviewDeps, type ReviewWritten, reviewWritten } from './submit-review';

// Moderating a review (spec 1 §4 "Review status", §7 "Reviews list and update"): an admin approves or rejects it
// ('Review {status}!'). docs/reviews.md.

const reviewNotFound: Refusal = { code: reviewErrors.notFound, message: reviewRefusals.notFound };

export async function moderateReview(deps: ReviewDeps, input: ActorRequest & { reviewId: string; status: ModerationStatus }): Promise<ReviewWritten> {
  const { db, store, ids, clock } = deps;
  const now = clock.now();
  const result = await handleCommand({
    store,
    ids,
    streamId: reviewStream(input.reviewId),
    decider: reviewDecider,
    command: { type: 'ModerateReview', data: { review_id: input.reviewId, status: input.status }, metadata: { actor: { user_id: input.actor.userId, admin: true }, now: now.toISOString() } },
    context: contextOf(input, now),
  });
  if (!result.ok) return { ok: false, error: result.error };
  // A review of a deleted post or provider is gone from every list: moderating it answers as not found.
  if (!result.position && !(await findReview(db, input.reviewId))) return { ok: false, error: reviewNotFound };
  return reviewWritten(db, input.reviewId, result.position, false);
}
