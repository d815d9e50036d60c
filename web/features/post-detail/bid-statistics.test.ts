import { describe, expect, it } from 'vitest';
import { bidStatisticsOf } from './bid-statistics';

const bid = (status: 'active' | 'cancelled' | 'accepted', interest_rate: number, comparison_rate: number) => ({
  status,
  status_label: { active: 'Active', cancelled: 'Cancelled', accepted: 'Declared' }[status],
  interest_rate,
  comparison_rate,
});

describe('the admin bid statistics of a post', () => {
  it('counts every bid and each status', () => {
    const stats = bidStatisticsOf([bid('accepted', 5.2, 5.3), bid('active', 5.5, 5.6), bid('cancelled', 4, 4.1), bid('active', 6, 6.1)]);
    expect(stats.count).toBe(4);
    expect(stats.onOffer).toBe(3);
    expect(stats.byStatus).toEqual([
      { status: 'accepted', label: 'Declared', count: 1 },
      { status: 'active', label: 'Active', count: 2 },
      { status: 'cancelled', label: 'Cancelled', count: 1 },
    ]);
  });

  it('gives the lowest and the average rates of the bids on offer, two decimals', () => {
    const stats = bidStatisticsOf([bid('active', 5.5, 5.61), bid('active', 6, 6.1), bid('cancelled', 3, 3.1), bid('active', 5.25, 5.4)]);
    expect(stats.interestRate).toEqual({ lowest: 5.25, average: 5.58 });
    expect(stats.comparisonRate).toEqual({ lowest: 5.4, average: 5.7 });
  });

  it('has no rates without a bid on offer', () => {
    const stats = bidStatisticsOf([bid('cancelled', 5, 5.1)]);
    expect(stats.interestRate).toBeNull();
    expect(stats.comparisonRate).toBeNull();
    expect(bidStatisticsOf([]).count).toBe(0);
  });
});
