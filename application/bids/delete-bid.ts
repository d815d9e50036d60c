import type { WorkflowDependencies } from '../dependencies';
import type { BidRequest } from './bid-facts';
import { runPostThenBid, withdrawFromPost } from './post-then-bid';

/**
 * Deletes a bid that is not a deal (docs/bids.md "Cancelling and deleting"): `WithdrawBid` on the post stream first,
 * as for a cancellation, then `DeleteBid` on the bid's.
 */
export function deleteBid(deps: Pick<WorkflowDependencies, 'store' | 'ids' | 'clock'>, request: BidRequest, input: { bidId: string }) {
  return runPostThenBid(deps, request, input.bidId, { type: 'DeleteBid', data: { bid_id: input.bidId } }, withdrawFromPost(input.bidId));
}
