import { describe, expect, it } from 'vitest';
import { acceptOfferFor } from './bid-acceptance';

describe('which bids a user may accept (spec 1 §4)', () => {
  it('the owner accepts an active bid while the post is in bidding or review', () => {
    expect(acceptOfferFor('owner', 'active', 'active')).toBe('accept');
    expect(acceptOfferFor('owner', 'review', 'active')).toBe('accept');
  });

  it('the owner does not accept an expired bid, nor on a processing post', () => {
    expect(acceptOfferFor('owner', 'review', 'expired')).toBe('none');
    expect(acceptOfferFor('owner', 'processing', 'active')).toBe('none');
  });

  it('an admin accepts an active or expired bid while the post is active, in review or processing', () => {
    for (const post of ['active', 'review', 'processing'] as const) {
      expect(acceptOfferFor('admin', post, 'active')).toBe('accept');
      expect(acceptOfferFor('admin', post, 'expired')).toBe('accept');
    }
    expect(acceptOfferFor('admin', 'opportunity', 'active')).toBe('none');
  });

  it('a cancelled bid is never offered', () => {
    expect(acceptOfferFor('admin', 'active', 'cancelled')).toBe('none');
    expect(acceptOfferFor('owner', 'active', 'cancelled')).toBe('none');
  });

  it('a bid that is neither active, expired nor cancelled shows as already accepted, to everyone', () => {
    for (const bid of ['accepted', 'contacted', 'applied', 'closed_won', 'closed_lost', 'on_hold'] as const) {
      expect(acceptOfferFor('owner', 'opportunity', bid)).toBe('already-accepted');
      expect(acceptOfferFor('other', 'opportunity', bid)).toBe('already-accepted');
    }
  });

  it('a provider is never offered the acceptance', () => {
    expect(acceptOfferFor('other', 'active', 'active')).toBe('none');
  });
});
