import { monthlyRepayment, repaymentTermYears, retentionTermYears } from '../post/calculations';
import type { PostSortKey } from '../post/schemas';
import { type BidStatus, type BidType, formatPercent } from './schemas';

// Pure rules of a bid against its post (spec 1 §4 "Bid statuses", §9; spec 3 §4, §5), shared by the decider, the
// read models and the bid screen (which shows the same block and warnings before it sends).

/**
 * spec 1 §4: a bid is refused when the post's LVR exceeds the bid's maximum LVR. The dialog's title is the spec's
 * text; the detail shows both percentages. `product` is the product's label ({product} in the spec's texts).
 */
export function lvrBlock(postLvr: number, maximumLvr: number, product = 'post') {
  if (postLvr <= maximumLvr) return null;
  return {
    code: 'BID_LVR_TOO_HIGH',
    message: `Your bid doesn't suit this ${product}`,
    detail: `The ${product}'s LVR is ${formatPercent(postLvr)} and your bid's maximum LVR is ${formatPercent(maximumLvr)}.`,
    post_lvr: postLvr,
    maximum_lvr: maximumLvr,
  } as const;
}

export const bidWarningCodes = ['rate_not_lower_than_current', 'no_split_facility', 'not_beating_leading_bid'] as const;
export type BidWarningCode = (typeof bidWarningCodes)[number];
export type BidWarning = { code: BidWarningCode; message: string };
/** spec 1 §4: the confirmation button of every warning. */
export const confirmWarningLabel = 'Yes, continue!';

/** What the warnings need to know about the post. */
export type WarningFacts = {
  loan_type: string;
  /** The customer's current rate (refinance), in percent. */
  current_interest_rate: number | null;
  /** The customer asked for a split rate (preferences rate_type split). */
  split_requested: boolean;
  /** The comparison rate of the current leading bid, if any (not counting the bid being edited). */
  leading_comparison_rate: number | null;
};

/**
 * spec 1 §4: the three warnings that need 'Yes, continue!' before a bid goes out. The texts are ours (the spec names
 * the rules): docs/events.md "Bid".
 */
export function bidWarnings(bid: { interest_rate: number; comparison_rate: number; split_loan_facility: boolean }, facts: WarningFacts): BidWarning[] {
  const warnings: BidWarning[] = [];
  if (facts.loan_type === 'refinance' && facts.current_interest_rate !== null && bid.interest_rate >= facts.current_interest_rate) {
    warnings.push({
      code: 'rate_not_lower_than_current',
      message: `Your interest rate is not lower than the customer's current rate of ${formatPercent(facts.current_interest_rate)}.`,
    });
  }
  if (facts.split_requested && !bid.split_loan_facility) {
    warnings.push({ code: 'no_split_facility', message: 'The customer asked for a split rate and your bid has no split loan facility.' });
  }
  if (!beatsLeadingBid(bid.comparison_rate, facts.leading_comparison_rate)) {
    warnings.push({
      code: 'not_beating_leading_bid',
      message: `Your comparison rate does not beat the leading bid (${formatPercent(facts.leading_comparison_rate ?? 0)}), so this bid is not eligible for Auto-Declare.`,
    });
  }
  return warnings;
}

/** A bid beats the leading bid with a strictly lower comparison rate; the first bid of a post always does. */
export const beatsLeadingBid = (comparisonRate: number, leadingComparisonRate: number | null): boolean =>
  leadingComparisonRate === null || comparisonRate < leadingComparisonRate;

/** spec 1 §4: 1st, 2nd, 3rd, then Nth (the spec's rule, so 21 is '21th'), or Cancelled. */
export function placeLabel(place: number | 'cancelled'): string {
  if (place === 'cancelled') return 'Cancelled';
  const suffix = place === 1 ? 'st' : place === 2 ? 'nd' : place === 3 ? 'rd' : 'th';
  return `${place}${suffix}`;
}

export type RankedBid = { bid_id: string; status: BidStatus; interest_rate: number; comparison_rate: number; placed_at: string };

/**
 * The bids of a post in place order: by the post's sort key (lower rate first), ties by who bid first (spec 1 §2
 * "bid order"). Cancelled bids have no place.
 */
export function rankBids<B extends RankedBid>(bids: readonly B[], sortBy: PostSortKey): B[] {
  return bids
    .filter((bid) => bid.status !== 'cancelled')
    .toSorted((a, b) => a[sortBy] - b[sortBy] || a.placed_at.localeCompare(b.placed_at) || a.bid_id.localeCompare(b.bid_id));
}

/** The leading bid of a post: the first active bid in place order (spec 3 §4 "Lender sort order"), or null. */
export function leadingBid<B extends RankedBid>(bids: readonly B[], sortBy: PostSortKey): B | null {
  return rankBids(bids, sortBy).find((bid) => bid.status === 'active') ?? null;
}

/** The place label of every bid of a post, by bid id. */
export function placeLabels(bids: readonly RankedBid[], sortBy: PostSortKey): Map<string, string> {
  const labels = new Map(rankBids(bids, sortBy).map((bid, index) => [bid.bid_id, placeLabel(index + 1)]));
  for (const bid of bids) if (bid.status === 'cancelled') labels.set(bid.bid_id, placeLabel('cancelled'));
  return labels;
}

/** What the customer would save a month at the offered rate (negative when the offer costs more). */
export function monthlySavings(loanAmount: number, currentRatePercent: number, offeredRatePercent: number, years: number = repaymentTermYears): number {
  return monthlyRepayment(loanAmount, currentRatePercent, years) - monthlyRepayment(loanAmount, offeredRatePercent, years);
}

export type BidRepayments = { monthly_repayment: number; current_repayment: number | null; monthly_savings: number | null };

/**
 * spec 1 §9: the bid form estimates over 30 years; the retention estimate over 25. Savings and the current
 * repayment only exist when the customer's current rate is known (a refinance).
 */
export function bidRepayments(loanAmount: number, offeredRatePercent: number, currentRatePercent: number | null, bidType: BidType): BidRepayments {
  const years = bidType === 'retention' ? retentionTermYears : repaymentTermYears;
  const monthly_repayment = monthlyRepayment(loanAmount, offeredRatePercent, years);
  if (currentRatePercent === null) return { monthly_repayment, current_repayment: null, monthly_savings: null };
  const current_repayment = monthlyRepayment(loanAmount, currentRatePercent, years);
  return { monthly_repayment, current_repayment, monthly_savings: monthlySavings(loanAmount, currentRatePercent, offeredRatePercent, years) };
}
