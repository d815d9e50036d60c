import { z } from 'zod';
import { listResultSchema } from '../domain/shared/list-query';
import { moderationStatuses, reviewStatuses } from '../domain/review/schemas';

// What the review routes answer (api/routes/reviews.ts) and the screens read (web/features/reviews).

/** The moderation list's row (admins): every field, with the names of the people. `description` null: erased. */
export const reviewView = z.object({
  uuid: z.uuid(),
  post_uuid: z.uuid(),
  fsp_uuid: z.uuid(),
  customer_uuid: z.uuid(),
  rating: z.number().int(),
  description: z.string().nullable(),
  status: z.enum(reviewStatuses),
  on_behalf: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  customer_name: z.string().nullable(),
  fsp_name: z.string().nullable(),
  organisation_name: z.string().nullable(),
});
export type ReviewView = z.infer<typeof reviewView>;

/** An approved review on a provider's profile or in the public list: the customer as first name and initial only. */
export const publishedReviewView = z.object({
  uuid: z.uuid(),
  fsp_uuid: z.uuid(),
  rating: z.number().int(),
  description: z.string().nullable(),
  /** 'Jane D.'; null when the customer was erased. */
  customer_name: z.string().nullable(),
  organisation_name: z.string().nullable(),
  created_at: z.string(),
});
export type PublishedReviewView = z.infer<typeof publishedReviewView>;

/** A provider's approved reviews, 5 per page (spec 1 §9), with the average of all of them. */
export const providerReviewsView = listResultSchema(publishedReviewView).extend({
  /** Rounded to two decimals; null without reviews. */
  average_rating: z.number().nullable(),
});
export type ProviderReviewsView = z.infer<typeof providerReviewsView>;

/** What the rating page shows: who is rated, for whom, and the review already sent (pending, approved …). */
export const reviewContextView = z.object({
  post_uuid: z.uuid(),
  provider: z.object({ uuid: z.uuid(), full_name: z.string().nullable(), organisation_name: z.string().nullable() }),
  customer: z.object({ uuid: z.uuid(), full_name: z.string().nullable() }),
  review: z.object({ uuid: z.uuid(), rating: z.number().int(), description: z.string().nullable(), status: z.enum(reviewStatuses) }).nullable(),
});
export type ReviewContextView = z.infer<typeof reviewContextView>;

/** `PATCH /v1/reviews/{id}` (spec 1 §7 "update takes review uuid and status"). */
export const moderationBody = z.strictObject({
  status: z.enum(moderationStatuses, { error: `Should be one of ${moderationStatuses.join(', ')}` }),
});

/** 'Review approved!' (spec 1 §4 "the message reads 'Review {status}!'"). */
export const moderationToast = (status: string) => `Review ${status}!`;
