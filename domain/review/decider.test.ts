import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { ReviewActor, ReviewCommand, ReviewFacts } from './commands';
import { type ReviewError, reviewDecider, reviewErrors } from './decider';
import type { ReviewEvent } from './events';
import { reviewMessages } from './schemas';
import { shortName } from './schemas';

const given = specFor(reviewDecider);

describe('a review', () => {
  describe('when there is none', () => {
    it('is submitted by the post’s customer after a deal with the provider, pending moderation', () => {
      expect(given([]).when(submit())).toEqual({ ok: true, events: [submitted()] });
    });

    it('is submitted by an admin on behalf of the post’s customer', () => {
      expect(given([]).when(submit({}, admin))).toMatchObject({
        ok: true,
        events: [{ type: 'ReviewSubmitted', data: { customer_id: CUSTOMER, submitted_by: ADMIN, on_behalf: true, status: 'pending' } }],
      });
    });

    it('is refused without a deal with the provider on the post', () => {
      expect(given([]).when(submit({ facts: { ...facts, provider_had_deal: false } }))).toMatchObject({ ok: false, error: { code: reviewErrors.noDeal } });
    });

    it('is refused for a customer who does not own the post, also when an admin chooses them', () => {
      const other = { facts: { ...facts, post_owner_id: 'someone-else' } };
      expect(given([]).when(submit(other))).toMatchObject({ ok: false, error: { code: reviewErrors.notPostOwner } });
      expect(given([]).when(submit(other, admin))).toMatchObject({ ok: false, error: { code: reviewErrors.notPostOwner } });
    });

    it('is refused when a customer writes for another customer', () => {
      expect(given([]).when(submit({}, { user_id: 'another-customer', admin: false }))).toMatchObject({ ok: false, error: { code: reviewErrors.notYours } });
    });

    it('takes a whole rating of 1 to 5 (at least 1) and an optional comment under 1000 characters', () => {
      const errors = (review: Record<string, unknown>) => {
        const decision = given([]).when(submit({ review }));
        return decision.ok ? {} : (decision.error as ReviewError).errors;
      };
      expect(errors({ rating: 0 })).toEqual({ rating: [reviewMessages.ratingAtLeastOne] });
      expect(errors({ rating: 6 })).toEqual({ rating: [reviewMessages.ratingAtMostFive] });
      expect(errors({ rating: 2.5 })).toEqual({ rating: [reviewMessages.ratingWhole] });
      expect(errors({})).toEqual({ rating: [reviewMessages.required] });
      expect(errors({ rating: '5' })).toEqual({ rating: [reviewMessages.ratingAtLeastOne] });
      expect(errors({ rating: 1 })).toEqual({});
      expect(errors({ rating: 5, description: 'x'.repeat(1000) })).toEqual({ description: [reviewMessages.descriptionTooLong] });
      expect(errors({ rating: 5, description: 'x'.repeat(999) })).toEqual({});
      expect(errors({ rating: 5, description: 42 })).toEqual({ description: [reviewMessages.notAText] });
    });

    it('stores the comment trimmed, and no comment as an empty one', () => {
      expect(given([]).when(submit({ review: { rating: 4, description: '  Quick and clear.  ' } }))).toMatchObject({ ok: true, events: [{ data: { description: 'Quick and clear.' } }] });
      expect(given([]).when(submit({ review: { rating: 4 } }))).toMatchObject({ ok: true, events: [{ data: { description: '' } }] });
    });

    it('cannot be moderated', () => {
      expect(given([]).when(moderate('approved'))).toMatchObject({ ok: false, error: { code: reviewErrors.notFound } });
    });
  });

  describe('when it is pending', () => {
    it('is replaced by the customer sending it again', () => {
      expect(given([submitted()]).when(submit({ review: { rating: 3, description: 'Slower than promised.' } }))).toEqual({
        ok: true,
        events: [{ type: 'ReviewEdited', data: { review_id: REVIEW, fsp_id: PROVIDER, customer_id: CUSTOMER, rating: 3, description: 'Slower than promised.', edited_by: CUSTOMER, edited_at: NOW } }],
      });
    });

    it('records nothing when sent again unchanged', () => {
      expect(given([submitted()]).when(submit())).toEqual({ ok: true, events: [] });
    });

    it('is approved or rejected by an admin', () => {
      expect(given([submitted()]).when(moderate('approved'))).toEqual({ ok: true, events: [moderated('approved')] });
      expect(given([submitted()]).when(moderate('rejected'))).toMatchObject({ ok: true, events: [{ data: { status: 'rejected' } }] });
    });

    it('is moderated by admins only', () => {
      expect(given([submitted()]).when(moderate('approved', { user_id: CUSTOMER, admin: false }))).toMatchObject({ ok: false, error: { code: reviewErrors.notModerator } });
    });
  });

  describe('when it is moderated', () => {
    it('can no longer be changed by the customer', () => {
      expect(given([submitted(), moderated('approved')]).when(submit({ review: { rating: 1 } }))).toMatchObject({ ok: false, error: { code: reviewErrors.alreadyModerated } });
      expect(given([submitted(), moderated('rejected')]).when(submit({ review: { rating: 1 } }, admin))).toMatchObject({ ok: false, error: { code: reviewErrors.alreadyModerated } });
    });

    it('takes the moderator’s other choice, and nothing for the same one', () => {
      expect(given([submitted(), moderated('approved')]).when(moderate('rejected'))).toMatchObject({ ok: true, events: [{ data: { status: 'rejected' } }] });
      expect(given([submitted(), moderated('approved')]).when(moderate('approved'))).toEqual({ ok: true, events: [] });
    });

    it('keeps the edited rating through moderation', () => {
      const edited: ReviewEvent = { type: 'ReviewEdited', data: { review_id: REVIEW, fsp_id: PROVIDER, customer_id: CUSTOMER, rating: 2, description: 'Hm', edited_by: CUSTOMER, edited_at: NOW } };
      const state = [submitted(), edited, moderated('approved')].reduce(reviewDecider.evolve, reviewDecider.initialState());
      expect(state).toMatchObject({ status: 'approved', review: { rating: 2, description: 'Hm' } });
    });
  });
});

describe('the customer’s short name on published reviews', () => {
  it('is the first name and the initial of the last name', () => {
    expect(shortName('Jane', 'Doe')).toBe('Jane D.');
    expect(shortName(' Jane ', ' doe')).toBe('Jane D.');
    expect(shortName('Jane', null)).toBe('Jane');
    expect(shortName(null, 'Doe')).toBeNull();
  });
});

// ── Fixtures ─────────────────────────────────────────────────────────────────────────────────────────────────────

const REVIEW = 'review-1';
const POST = 'post-1';
const PROVIDER = 'provider-1';
const CUSTOMER = 'customer-1';
const ADMIN = 'admin-1';
const NOW = '2026-11-21T10:00:00.000Z';
const customer: ReviewActor = { user_id: CUSTOMER, admin: false };
const admin: ReviewActor = { user_id: ADMIN, admin: true };
const facts: ReviewFacts = { post_id: POST, post_owner_id: CUSTOMER, provider_had_deal: true };

function submit(changes: { facts?: ReviewFacts; review?: Record<string, unknown> } = {}, actor: ReviewActor = customer): ReviewCommand {
  return {
    type: 'SubmitReview',
    data: { review_id: REVIEW, fsp_id: PROVIDER, customer_id: CUSTOMER, facts: changes.facts ?? facts, review: changes.review ?? { rating: 5, description: 'Great rate, quick settlement.' } },
    metadata: { actor, now: NOW },
  };
}

const moderate = (status: 'approved' | 'rejected', actor: ReviewActor = admin): ReviewCommand => ({ type: 'ModerateReview', data: { review_id: REVIEW, status }, metadata: { actor, now: NOW } });

const submitted = (): ReviewEvent => ({
  type: 'ReviewSubmitted',
  data: {
    review_id: REVIEW,
    fsp_id: PROVIDER,
    customer_id: CUSTOMER,
    post_id: POST,
    rating: 5,
    description: 'Great rate, quick settlement.',
    status: 'pending',
    submitted_by: CUSTOMER,
    on_behalf: false,
    submitted_at: NOW,
  },
});

const moderated = (status: 'approved' | 'rejected'): ReviewEvent => ({
  type: 'ReviewModerated',
  data: { review_id: REVIEW, fsp_id: PROVIDER, customer_id: CUSTOMER, status, moderated_by: ADMIN, moderated_at: NOW },
});
