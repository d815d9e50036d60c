import { z } from 'zod';
import { type FieldErrors, fieldErrorsOf } from '../post/schemas';
import { longTextMaxLength } from '../shared/limits';

// A review's rating and comment (spec 1 §3 "Review", §5 "Rating: form valid; rating at least 1; a comment is
// accepted"; spec 3 §5 "Profile rating at least 1"). The spec gives no texts for these rules; the messages below
// are listed in docs/reviews.md so the API and the rating page say the same thing.

export { type FieldErrors, fieldErrorsOf };

/** The spec does not show the status values (spec 1 §3): ours, docs/reviews.md "Statuses". */
export const reviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
/** What a moderator may choose (spec 1 §4 "Review status"): a review is never sent back to pending. */
export const moderationStatuses = ['approved', 'rejected'] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

export const reviewLimits = {
  minRating: 1,
  maxRating: 5,
  /** Like a note (spec 1 §5 "under 1000 characters"). */
  maxDescriptionLength: longTextMaxLength - 1,
  /** spec 1 §9 "Reviews page size 5" (the provider's profile). */
  pageSize: 5,
} as const;

/**
 * Worded to follow the field's name: spec 1 §8 composes rating errors as "key plus value" ('Rating must be at
 * least 1'), and the rating page shows them that way too.
 */
export const reviewMessages = {
  required: 'is required',
  ratingAtLeastOne: 'must be at least 1',
  ratingAtMostFive: 'must be at most 5',
  ratingWhole: 'must be a whole number of stars',
  descriptionTooLong: `must be under ${longTextMaxLength} characters`,
  notAText: 'must be a text',
} as const;

export const ratingSchema = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? reviewMessages.required : reviewMessages.ratingAtLeastOne) })
  .int(reviewMessages.ratingWhole)
  .min(reviewLimits.minRating, reviewMessages.ratingAtLeastOne)
  .max(reviewLimits.maxRating, reviewMessages.ratingAtMostFive);

/** "A comment is accepted": optional; blank is stored as an empty comment. */
export const descriptionSchema = z
  .string({ error: reviewMessages.notAText })
  .trim()
  .max(reviewLimits.maxDescriptionLength, reviewMessages.descriptionTooLong);

/** The rating form, shared by the rating page (web) and the decider. */
export const reviewInputSchema = z.object({
  rating: ratingSchema,
  description: descriptionSchema.nullish().transform((text) => text ?? ''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewValues = z.output<typeof reviewInputSchema>;

/** 'Jane D.' from a first and last name; the first name alone without a last name; null without a first name. */
export function shortName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim();
  if (!first) return null;
  const initial = lastName?.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
