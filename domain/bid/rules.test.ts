import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyRepayment } from '../post/calculations';
import { bidRepayments, bidWarnings, leadingBid, lvrBlock, monthlySavings, placeLabel, placeLabels, type RankedBid } from './rules';

describe('lvrBlock', () => {
  it("refuses a bid whose maximum LVR is below the post's, with both percentages", () => {
    expect(lvrBlock(85.456, 80)).toMatchObject({
      message: "Your bid doesn't suit this post",
      detail: "The post's LVR is 85.46% and your bid's maximum LVR is 80.00%.",
    });
  });
  it('lets a bid through at or above the post LVR', () => {
    expect(lvrBlock(80, 80)).toBeNull();
    expect(lvrBlock(79.9, 80)).toBeNull();
  });
});

describe('bidWarnings', () => {
  const facts = { loan_type: 'refinance', current_interest_rate: 6, split_requested: false, leading_comparison_rate: 6 };
  const bid = { interest_rate: 5.5, comparison_rate: 5.9, split_loan_facility: false };
  it('has none for a better rate that beats the leading bid', () => {
    expect(bidWarnings(bid, facts)).toEqual([]);
  });
  it('warns on a refinance rate not lower than the current one, and only on a refinance', () => {
    expect(bidWarnings({ ...bid, interest_rate: 6 }, facts).map((w) => w.code)).toEqual(['rate_not_lower_than_current']);
    expect(bidWarnings({ ...bid, interest_rate: 6 }, { ...facts, loan_type: 'new_loan' })).toEqual([]);
  });
  it('warns when a split rate was asked and the bid has no split facility', () => {
    expect(bidWarnings(bid, { ...facts, split_requested: true }).map((w) => w.code)).toEqual(['no_split_facility']);
    expect(bidWarnings({ ...bid, split_loan_facility: true }, { ...facts, split_requested: true })).toEqual([]);
  });
  it('warns when the comparison rate does not beat the leading bid (a tie does not beat it)', () => {
    expect(bidWarnings({ ...bid, comparison_rate: 6 }, facts).map((w) => w.code)).toEqual(['not_beating_leading_bid']);
    expect(bidWarnings({ ...bid, comparison_rate: 9 }, { ...facts, leading_comparison_rate: null })).toEqual([]);
  });
});

describe('placeLabel', () => {
  it('is 1st, 2nd, 3rd, then Nth, or Cancelled', () => {
    expect([1, 2, 3, 4, 11, 21].map(placeLabel)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '21th']);
    expect(placeLabel('cancelled')).toBe('Cancelled');
  });
});

describe('leadingBid', () => {
  const bids: RankedBid[] = [
    { bid_id: 'a', status: 'active', interest_rate: 5.5, comparison_rate: 6.2, placed_at: '2026-03-01T00:00:00Z' },
    { bid_id: 'b', status: 'active', interest_rate: 5.8, comparison_rate: 5.9, placed_at: '2026-03-01T01:00:00Z' },
    { bid_id: 'c', status: 'cancelled', interest_rate: 4, comparison_rate: 4, placed_at: '2026-03-01T02:00:00Z' },
    { bid_id: 'd', status: 'active', interest_rate: 5.5, comparison_rate: 6.5, placed_at: '2026-03-01T03:00:00Z' },
  ];
  it("follows the post's sort order, ties going to the earlier bid; cancelled bids never lead", () => {
    expect(leadingBid(bids, 'comparison_rate')?.bid_id).toBe('b');
    expect(leadingBid(bids, 'interest_rate')?.bid_id).toBe('a');
    expect(leadingBid([bids[2]!], 'interest_rate')).toBeNull();
  });
  it('labels every bid by its place', () => {
    expect(Object.fromEntries(placeLabels(bids, 'comparison_rate'))).toEqual({ b: '1st', a: '2nd', d: '3rd', c: 'Cancelled' });
  });
  it('the leading bid has the lowest rate of the active bids', () => {
    const arbitraryBid = fc.record({
      bid_id: fc.uuid(),
      status: fc.constantFrom('active', 'cancelled', 'expired', 'accepted') as fc.Arbitrary<RankedBid['status']>,
      interest_rate: fc.double({ min: 1.5, max: 15, noNaN: true }),
      comparison_rate: fc.double({ min: 1.5, max: 15, noNaN: true }),
      placed_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    });
    fc.assert(
      fc.property(fc.array(arbitraryBid), fc.constantFrom('interest_rate', 'comparison_rate' as const), (all, sortBy) => {
        const leader = leadingBid(all, sortBy);
        const active = all.filter((bid) => bid.status === 'active');
        if (active.length === 0) expect(leader).toBeNull();
        else expect(leader?.[sortBy]).toBe(Math.min(...active.map((bid) => bid[sortBy])));
      }),
    );
  });
});

describe('repayments', () => {
  it('estimates the bid over 30 years, and savings against the current rate', () => {
    const estimate = bidRepayments(500_000, 6, 6.5, 'normal');
    expect(estimate.monthly_repayment).toBeCloseTo(2997.75, 2);
    expect(estimate.monthly_savings).toBeCloseTo(monthlySavings(500_000, 6.5, 6), 9);
    expect(estimate.monthly_savings).toBeGreaterThan(0);
  });
  it('estimates a retention bid over 25 years', () => {
    expect(bidRepayments(500_000, 6, 6.5, 'retention').monthly_repayment).toBeCloseTo(monthlyRepayment(500_000, 6, 25), 9);
  });
  it('has no savings without a current rate', () => {
    expect(bidRepayments(500_000, 6, null, 'normal')).toMatchObject({ current_repayment: null, monthly_savings: null });
  });
});
