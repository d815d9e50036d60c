// What a bid the auto-bidder placed records of how it came to be (docs/auto-bidding.md "The auto-bidder", "Why this
// bid"; spec 3 §4 "Auto-bidding calls carry a bid action"): its template, the bid action, the provider's earlier bids
// it replaced and the evaluation's rule trace. Kept in `BidPlaced` (`auto_bid`), so it outlives any read model.

/**
 * spec 3 §4: the bid action an auto-bidding call carries. `new`: the provider held no active bid on the post;
 * `replace`: the auto-bid is better for the customer than the provider's active bids there, which it cancels.
 */
export const autoBidActions = ['new', 'replace'] as const;
export type AutoBidAction = (typeof autoBidActions)[number];

/** spec 3 §4: "A fixed reason says the bid was replaced by the broker." The reason of every bid an auto-bid replaced. */
export const replacedBidReason = 'Bid replaced by the broker.';

/** One rule of the evaluation's trace, as domain/bid-template/evaluation.ts writes it (its `TraceEntry`). */
export type AutoBidTraceEntry = { step: string; rule: string; passed: boolean; post_value: string | null; bound: string; detail: string | null };

export type AutoBidRecord = {
  template_id: string;
  /**
   * The post's customer: the trace quotes the post's facts (place, credit band), so it is sealed with the customer's
   * key and reads as null once the customer is erased (docs/personal-data.md).
   */
  post_owner_id: string;
  bid_action: AutoBidAction;
  /** The provider's earlier active bids on the post this bid replaced (cancelled right after it was placed). */
  replaces: string[];
  /** Every rule the template was evaluated with, in order; null once the customer was erased. */
  trace: AutoBidTraceEntry[] | null;
};

/** A bid of the provider's on the post, active now, as its own stream has it. */
export type EarlierBid = { bid_id: string; comparison_rate: number };

export type Replacement = { action: AutoBidAction; replaces: string[] } | { action: 'keep'; kept: string };

/**
 * What a template's bid does to the provider's active bids on the post: none → a new bid; every one of them worse
 * for the customer (a higher comparison rate) → it replaces them all; one as good or better → the template does not
 * bid and that one stays (a provider's hand-made better offer is never withdrawn by a rule it set up for the average
 * post). Ties keep the earlier bid: the customer gains nothing from the change.
 */
export function replacementOf(comparisonRate: number, earlier: readonly EarlierBid[]): Replacement {
  if (earlier.length === 0) return { action: 'new', replaces: [] };
  const best = earlier.reduce((a, b) => (b.comparison_rate < a.comparison_rate ? b : a));
  if (best.comparison_rate <= comparisonRate) return { action: 'keep', kept: best.bid_id };
  return { action: 'replace', replaces: earlier.map((bid) => bid.bid_id) };
}
