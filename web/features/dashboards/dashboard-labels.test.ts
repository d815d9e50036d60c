import { describe, expect, it } from 'vitest';
import { customerNextStep, hasAcceptedBid } from './dashboard-labels';

const row = { bidding_period_expiry_on: '2026-12-05T08:00:00.000Z', review_bids_on: '2026-12-07T08:00:00.000Z' };

describe('what happens next for the customer', () => {
  it('names the dates the customer waits for or acts by', () => {
    expect(customerNextStep({ ...row, status: 'active' })).toBe('Lenders and brokers are bidding until 05/12/2026. Then you choose the bid you like.');
    expect(customerNextStep({ ...row, status: 'review' })).toBe('Bidding has ended. Compare the bids and accept one by 07/12/2026.');
  });

  it('after accepting, says the lender makes contact; after settling, that the loan settled', () => {
    expect(customerNextStep({ ...row, status: 'opportunity' })).toBe('You accepted a bid. The lender contacts you at the times you chose to start your application.');
    expect(customerNextStep({ ...row, status: 'closed_won' })).toBe('Your loan has settled. You can review your lender on the post.');
  });

  it('reads without dates the post does not have yet', () => {
    expect(customerNextStep({ status: 'active', bidding_period_expiry_on: null, review_bids_on: null })).toBe('Lenders and brokers are bidding. Then you choose the bid you like.');
  });
});

describe('posts whose bid was accepted', () => {
  it('are those with a deal or settled by one, not a post closed without a winner', () => {
    expect((['opportunity', 'closed_won', 'closed_lost', 'review'] as const).map(hasAcceptedBid)).toEqual([true, true, false, false]);
  });
});
