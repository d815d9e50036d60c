import type { BidStatus } from '../../../domain/bid/schemas';
import type { PostView } from '../../../contracts/post';

// Who may accept which bid (spec 1 §4 "Bid statuses", spec 3 §4 "Bid acceptance and bid eligibility"). The server
// decides again on every acceptance; this only picks what a bid row offers.

export type AcceptOffer = 'accept' | 'already-accepted' | 'none';

type PostStatus = PostView['status'];

const customerPostStatuses: readonly PostStatus[] = ['active', 'review'];
const adminPostStatuses: readonly PostStatus[] = ['active', 'review', 'processing'];
const adminBidStatuses: readonly BidStatus[] = ['active', 'expired'];
/** A bid in none of these has been accepted (it is a deal, or was one). */
const notAccepted: readonly BidStatus[] = ['active', 'expired', 'cancelled'];

/** `acceptor`: the post's owner, an admin, or anyone else (who only sees whether a bid was accepted). */
export function acceptOfferFor(acceptor: 'owner' | 'admin' | 'other', postStatus: PostStatus, bidStatus: BidStatus): AcceptOffer {
  if (acceptor === 'owner' && customerPostStatuses.includes(postStatus) && bidStatus === 'active') return 'accept';
  if (acceptor === 'admin' && adminPostStatuses.includes(postStatus) && adminBidStatuses.includes(bidStatus)) return 'accept';
  return notAccepted.includes(bidStatus) ? 'none' : 'already-accepted';
}

/** What happens after accepting a bid, in the customer's words: above the bids and in the accept dialog (issue 24). */
export const acceptingExplained =
  'When you accept a bid, bidding closes. The lender is told at once and contacts you at the times you choose to start your application; the other lenders are told you chose another bid.';
