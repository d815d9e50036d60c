import type { ReviewContextView } from '../../contracts/review';
import { reviewDecider } from '../../domain/review/decider';
import { reviewLimits } from '../../domain/review/schemas';
import { findOrganisation } from '../../projections/organisations/queries';
import { findReview } from '../../projections/reviews/queries';
import { findUser } from '../../projections/users/queries';
import { type Actor, adminFlagMetadata } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import type { Refusal } from '../refusals';
import { reviewIdOf, reviewSubject } from './review-subject';

// The rating page's context (spec 1 §2 "/fsp-review/{post_uuid}/{fsp_uuid}"): the provider, the customer and the
// review already sent, or the refusal the submission would get.

const fullName = (user: { first_name: string | null; last_name: string | null } | undefined) => (user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || null : null);

export async function reviewContext(
  deps: Pick<WorkflowDependencies, 'db' | 'clock'>,
  input: { actor: Actor; postId: string; fspId: string; customerUuid: string | undefined },
): Promise<{ ok: true; context: ReviewContextView } | { ok: false; error: Refusal }> {
  const { db, clock } = deps;
  const { actor, postId, fspId } = input;
  const subject = await reviewSubject(db, actor, postId, fspId, input.customerUuid);
  if (!subject.ok) return subject;
  const reviewId = reviewIdOf(postId, fspId, subject.customerId);
  // The decider's own checks, without writing: the same refusals the submission would get.
  const probe = reviewDecider.decide(
    {
      type: 'SubmitReview',
      data: { review_id: reviewId, fsp_id: fspId, customer_id: subject.customerId, facts: subject.facts, review: { rating: reviewLimits.maxRating } },
      metadata: adminFlagMetadata(actor, clock.now()),
    },
    reviewDecider.initialState(),
  );
  if (!probe.ok) return { ok: false, error: probe.error };
  const [provider, customer, review] = await Promise.all([findUser(db, fspId), findUser(db, subject.customerId), findReview(db, reviewId)]);
  const organisation = provider?.organisation_uuid ? await findOrganisation(db, provider.organisation_uuid) : undefined;
  return {
    ok: true,
    context: {
      post_uuid: postId,
      provider: { uuid: fspId, full_name: fullName(provider), organisation_name: organisation?.name ?? null },
      customer: { uuid: subject.customerId, full_name: fullName(customer) },
      review: review ? { uuid: review.uuid, rating: review.rating, description: review.description, status: review.status } : null,
    },
  };
}
