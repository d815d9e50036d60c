import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { reviewErrorMessages } from './review-errors';

describe('rating errors (spec 1 §8)', () => {
  it('are the base message when there is one', () => {
    const error = new ApiError({ status: 403, title: 'Forbidden', detail: 'No deal.', errors: { base: ['You can rate a provider only after a deal with them on this post.'], 'review.rating': ['x'] } });
    expect(reviewErrorMessages(error)).toEqual(['You can rate a provider only after a deal with them on this post.']);
  });

  it('are each key with its value otherwise', () => {
    const error = new ApiError({ status: 422, title: 'Unprocessable Content', errors: { 'review.rating': ['must be at least 1'], 'review.description': ['must be under 1000 characters'] } });
    expect(reviewErrorMessages(error)).toEqual(['Rating must be at least 1', 'Description must be under 1000 characters']);
  });

  it('fall back to the detail, and to the connection without an answer', () => {
    expect(reviewErrorMessages(new ApiError({ status: 409, title: 'Conflict', detail: 'Try again.' }))).toEqual(['Try again.']);
    expect(reviewErrorMessages(new TypeError('fetch failed'))).toEqual(['Something is wrong with internet connection.']);
  });
});
