import { type BidStatus, type BidType, isEditableBidStatus } from '../../../domain/bid/schemas';
import type { BidView } from '../../../contracts/bid';

// Who may do what with a bid on the bid screens (spec 1 §4, §6; spec 3 §5). The server checks every call again;
// these rules only decide which buttons a user is offered.

export type BidViewer = {
  uuid: string;
  user_type: 'customer' | 'fsp' | 'admin';
  /** The permission cancel_active_bids: a provider cancels its own bids only with it. */
  cancelsOwnBids: boolean;
};

/** spec 1 §4: a bid cannot be cancelled once closed_won, closed_lost or cancelled. */
const uncancellable: readonly BidStatus[] = ['closed_won', 'closed_lost', 'cancelled'];

const ownsBid = (bid: BidView, viewer: BidViewer) => viewer.user_type === 'fsp' && bid.provider?.uuid === viewer.uuid;

export function bidActionsFor(bid: BidView, viewer: BidViewer) {
  const admin = viewer.user_type === 'admin';
  const own = ownsBid(bid, viewer);
  return {
    /** An active bid or the bid of an open deal ("update bid", spec 1 §2), by its provider or an admin. */
    edit: (admin || own) && isEditableBidStatus(bid.status),
    /** Its provider with cancel_active_bids (only its own, spec 1 §6) or an admin, while not closed or cancelled. */
    cancel: (admin || (own && viewer.cancelsOwnBids)) && !uncancellable.includes(bid.status),
    /** Admins only (spec 3 §7, 'Bid was Removed'). */
    delete: viewer.user_type === 'admin',
  };
}

/**
 * spec 3 §5: anonymous bids need create_anonymous_bid; retention bids need create_retention_bid and the
 * provider's organisation must be the customer's current lender (a retention bid keeps one's own customer).
 */
export function bidTypesFor(can: { anonymous: boolean; retention: boolean }, organisationUuid: string | null, currentLenderUuid: string | null): BidType[] {
  const types: BidType[] = ['normal'];
  if (can.anonymous) types.push('anonymous');
  if (can.retention && organisationUuid !== null && organisationUuid === currentLenderUuid) types.push('retention');
  return types;
}
