import type { WorkflowDependencies } from '../dependencies';
import type { BidRequest } from './bid-facts';
import { runPostThenBid, withdrawFromPost } from './post-then-bid';

/**
 * Cancels a bid with a reason (docs/bids.md "Cancelling and deleting"): `WithdrawBid` is recorded on the post stream
 * first, where an acceptance racing it is serialised and refused, then `CancelBid` on the bid's.
 */
export function cancelBid(deps: Pick<WorkflowDependencies, 'store' | 'ids' | 'clock'>, request: BidRequest, input: { bidId: string; reason: string }) {
  return runPostThenBid(deps, request, input.bidId, { type: 'CancelBid', data: { bid_id: input.bidId, reason: input.reason } }, withdrawFromPost(input.bidId));
}
