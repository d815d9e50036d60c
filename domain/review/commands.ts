import type { ModerationStatus, ReviewInput } from './schemas';

// Commands of the review aggregate. The facts of other streams a decision needs (the post's owner, the deal the
// provider holds on it) come in the command: the API reads them from the read models, like the bid's PostFacts.

export type ReviewActor = { user_id: string; admin: boolean };
/** `now`: an ISO instant. */
export type ReviewCommandMetadata = { actor: ReviewActor; now: string };

/** What a review is decided against (spec 1 §3 Review: customer, fsp, post). */
export type ReviewFacts = {
  post_id: string;
  /** The post's owner: the only customer who may be reviewing (also when an admin rates on their behalf). */
  post_owner_id: string;
  /** A deal on this post held by this provider exists (the provider held the accepted bid). */
  provider_had_deal: boolean;
};

/**
 * A customer rates a provider (or an admin on the customer's behalf). Sent again while the review is pending, it
 * replaces the rating and comment (docs/reviews.md "Editing").
 */
export type SubmitReview = {
  type: 'SubmitReview';
  data: { review_id: string; fsp_id: string; customer_id: string; facts: ReviewFacts; review: ReviewInput | Record<string, unknown> };
  metadata: ReviewCommandMetadata;
};

/** spec 1 §4 "Review status": a moderator sets the status to the chosen value. */
export type ModerateReview = { type: 'ModerateReview'; data: { review_id: string; status: ModerationStatus }; metadata: ReviewCommandMetadata };

export type ReviewCommand = SubmitReview | ModerateReview;
