import { describe, expect, it } from 'vitest';
import { type AutoBiddingTemplate, autoBiddingChoiceOf, autoBiddingTouched, initialAutoBiddingValue } from './auto-bidding-values';

// spec 3 §4 "Auto-bidding" as the dialog and the review step fill the call.

const pending: AutoBiddingTemplate = { auto_bidding: 'pending', valid_for: null, expiry_on: null, auto_bidding_scope: null, auto_bidding_review_period: null };
const active: AutoBiddingTemplate = { auto_bidding: 'active', valid_for: 14, expiry_on: '2026-12-13T10:00:00.000Z', auto_bidding_scope: 'open_posts', auto_bidding_review_period: 5 };
const deactivated: AutoBiddingTemplate = { ...active, auto_bidding: 'deactivated', valid_for: null, expiry_on: null };

describe('the auto-bidding form', () => {
  it('starts from the template: ticked only when active, only_new_posts and the maximum review period by default', () => {
    expect(initialAutoBiddingValue(pending, 14)).toEqual({ on: false, scope: 'only_new_posts', reviewPeriod: 14 });
    expect(initialAutoBiddingValue(active, 14)).toEqual({ on: true, scope: 'open_posts', reviewPeriod: 5 });
    expect(initialAutoBiddingValue(deactivated, 3).reviewPeriod).toBe(3);
  });

  it('is untouched until the tick or, while ticked, the review period or option changes (spec 3 §4 step 5)', () => {
    expect(autoBiddingTouched(pending, initialAutoBiddingValue(pending, 14), 14)).toBe(false);
    expect(autoBiddingTouched(pending, { ...initialAutoBiddingValue(pending, 14), reviewPeriod: 3 }, 14)).toBe(false);
    expect(autoBiddingTouched(pending, { ...initialAutoBiddingValue(pending, 14), on: true }, 14)).toBe(true);
    expect(autoBiddingTouched(active, { ...initialAutoBiddingValue(active, 14), reviewPeriod: 7 }, 14)).toBe(true);
    expect(autoBiddingTouched(active, { ...initialAutoBiddingValue(active, 14), on: false }, 14)).toBe(true);
  });

  it('sends the execution option only on a first activation, the review period only when ticking on', () => {
    expect(autoBiddingChoiceOf(pending, { on: true, scope: 'open_posts', reviewPeriod: 7 })).toEqual({ autoBidding: true, scope: 'open_posts', reviewPeriod: 7 });
    expect(autoBiddingChoiceOf(deactivated, { on: true, scope: 'open_posts', reviewPeriod: 7 })).toEqual({ autoBidding: true, scope: null, reviewPeriod: 7 });
    expect(autoBiddingChoiceOf(active, { on: false, scope: 'open_posts', reviewPeriod: 7 })).toEqual({ autoBidding: false, scope: null, reviewPeriod: null });
  });
});
