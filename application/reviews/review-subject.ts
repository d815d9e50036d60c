import type { ReviewFacts } from '../../domain/review/commands';
import { reviewErrors, reviewRefusals } from '../../domain/review/decider';
import { derivedUuid } from '../../infrastructure/ids';
import { findPost } from '../../projections/posts/queries';
import { providerHadDeal } from '../../projections/reviews/queries';
import type { Actor } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import { postNotFound, type Refusal } from '../refusals';

// Who is being reviewed for whom (docs/reviews.md "Who may do what"), read before any write by the rating page and
// the submission alike.

/** One review per customer, provider and post: its id is derived from them, so a second submission finds the first. */
export const reviewIdOf = (postId: string, fspId: string, customerId: string) => derivedUuid('review', postId, fspId, customerId);

export type ReviewSubject = { ok: true; customerId: string; facts: ReviewFacts } | { ok: false; error: Refusal };

/** The post, the customer (the actor, or an admin's choice: the post's owner by default), the deal the provider holds on it. */
export async function reviewSubject(db: WorkflowDependencies['db'], actor: Actor, postId: string, fspId: string, chosenCustomer: string | undefined): Promise<ReviewSubject> {
  const post = await findPost(db, postId);
  // A customer learns nothing about posts that are not theirs: the same refusal as for another's post.
  if (!post) return { ok: false, error: actor.userType === 'admin' ? postNotFound : { code: reviewErrors.notPostOwner, message: reviewRefusals.notPostOwner } };
  const customerId = actor.userType === 'admin' ? (chosenCustomer ?? post.owner_id) : (chosenCustomer ?? actor.userId);
  const hadDeal = await providerHadDeal(db, post.uuid, fspId, customerId);
  return { ok: true, customerId, facts: { post_id: post.uuid, post_owner_id: post.owner_id, provider_had_deal: hadDeal } };
}
