import type { BidStatus } from '../../../domain/bid/schemas';
import type { BidView } from '../../../contracts/bid';

// The admin's bid statistics on the post page (spec 1 §2 "Admin also sees bid statistics"), computed from the post's
// bids answer. Rates are over the bids still on offer: a cancelled bid is no offer.

export type RateFigures = { lowest: number; average: number };

export type BidStatistics = {
  count: number;
  /** Bids not cancelled. */
  onOffer: number;
  comparisonRate: RateFigures | null;
  interestRate: RateFigures | null;
  /** Bids per status, in the order of the first bid of each status (place order). */
  byStatus: { status: BidStatus; label: string; count: number }[];
};

const round2 = (value: number) => Math.round(value * 100) / 100;

function figuresOf(rates: number[]): RateFigures | null {
  if (rates.length === 0) return null;
  return { lowest: Math.min(...rates), average: round2(rates.reduce((sum, rate) => sum + rate, 0) / rates.length) };
}

export function bidStatisticsOf(bids: readonly Pick<BidView, 'status' | 'status_label' | 'comparison_rate' | 'interest_rate'>[]): BidStatistics {
  const offered = bids.filter((bid) => bid.status !== 'cancelled');
  const byStatus = new Map<BidStatus, { status: BidStatus; label: string; count: number }>();
  for (const bid of bids) {
    const entry = byStatus.get(bid.status) ?? { status: bid.status, label: bid.status_label, count: 0 };
    entry.count += 1;
    byStatus.set(bid.status, entry);
  }
  return {
    count: bids.length,
    onOffer: offered.length,
    comparisonRate: figuresOf(offered.map((bid) => bid.comparison_rate)),
    interestRate: figuresOf(offered.map((bid) => bid.interest_rate)),
    byStatus: [...byStatus.values()],
  };
}
