import type { ModerationStatus, ReviewStatus } from './schemas';

// The review aggregate (spec 1 §3 "Review", §4 "Review status"), stream `review-<uuid>` with the uuid derived from
// (post, provider, customer), so there is one review per customer, provider and post. Every event names the
// provider and the customer (ids only). The comment (`description`) is the customer's free text: personal data of
// the customer (infrastructure/event-store/personal-data-policy.ts).

type ReviewRef = { review_id: string; fsp_id: string; customer_id: string };

export type ReviewSubmitted = {
  type: 'ReviewSubmitted';
  data: ReviewRef & {
    post_id: string;
    rating: number;
    description: string;
    status: ReviewStatus;
    /** The customer, or the admin who rated on the customer's behalf. */
    submitted_by: string;
    on_behalf: boolean;
    submitted_at: string;
  };
};
/** The customer changed the rating or the comment before moderation. */
export type ReviewEdited = { type: 'ReviewEdited'; data: ReviewRef & { rating: number; description: string; edited_by: string; edited_at: string } };
export type ReviewModerated = {
  type: 'ReviewModerated';
  data: ReviewRef & { status: ModerationStatus; moderated_by: string; moderated_at: string };
};

export type ReviewEvent = ReviewSubmitted | ReviewEdited | ReviewModerated;

export const reviewEventTypes = ['ReviewSubmitted', 'ReviewEdited', 'ReviewModerated'] as const satisfies readonly ReviewEvent['type'][];

export const reviewStream = (reviewId: string) => `review-${reviewId}`;
