import type { DealStage } from '../deal/stages';
import type { OfferFacts } from '../financial-institution-product/offer';
import type { PermissionMap } from '../user/permissions';
import type { AutoBidRecord } from './auto-bid';
import type { BidWarningCode } from './rules';
import type { BidFormInput } from './schemas';

// Commands of the bid aggregate. The facts of other streams a decision needs (the post, the provider) come in the
// command: the command handler reads them from the read models (the post's status is re-checked by the Post stream
// when it matters, DESIGN.md §2). The acting user and the time come in `metadata`.

export type BidActor = { user_id: string; user_type: 'customer' | 'fsp' | 'admin'; permissions: PermissionMap };
export type BidCommandMetadata = { actor: BidActor; now: string };

/** What a bid is decided against: the post as the provider sees it now. */
export type PostFacts = {
  post_id: string;
  /** The post's status (spec 1 §4); bids are taken while it is `active`. */
  status: string;
  /** The post's product by name ('Home Loan'), for the texts that name it (spec 1 §4); 'post' when unknown. */
  product?: string;
  /** The post's LVR in percent (not floored). */
  lvr: number;
  loan_type: string;
  loan_amount: number;
  /** The customer's current rate on a refinance, in percent. */
  current_interest_rate: number | null;
  /** The customer's preferences ask for a split rate. */
  split_requested: boolean;
  /** The comparison rate of the post's leading bid, not counting the bid being edited. */
  leading_comparison_rate: number | null;
  /** The customer's current lender (refinance), which a retention bid must be from. */
  current_lender_organisation_uuid: string | null;
};

/** The provider the bid is placed by (the actor itself, or the provider an admin bids for). */
export type ProviderFacts = {
  user_id: string;
  organisation_uuid: string;
  organisation_type: 'broker' | 'financial_institution';
  permissions: PermissionMap;
};

type Placement = {
  bid_id: string;
  post: PostFacts;
  provider: ProviderFacts;
  bid: BidFormInput;
  confirmed_warnings: BidWarningCode[];
  /** The chosen financial institution product as the read model knows it (null or absent: none chosen, or no such product). */
  product?: OfferFacts | null;
  /** The auto-bidder's: how the bid came to be, recorded in `BidPlaced` (domain/bid/auto-bid.ts). */
  auto_bid?: AutoBidRecord;
};

export type PlaceBid = { type: 'PlaceBid'; data: Placement };
export type EditBid = { type: 'EditBid'; data: Placement };
export type CancelBid = { type: 'CancelBid'; data: { bid_id: string; reason: string } };
export type DeleteBid = { type: 'DeleteBid'; data: { bid_id: string } };
/** From the scheduler when the post's bidding ends without this bid accepted. */
export type ExpireBid = { type: 'ExpireBid'; data: { bid_id: string } };

/** Driven by the post's acceptance and the deal's activities (their streams check who may act). */
export type MarkBidAccepted = { type: 'MarkBidAccepted'; data: { bid_id: string } };
export type MarkBidContacted = { type: 'MarkBidContacted'; data: { bid_id: string } };
export type MarkBidApplied = { type: 'MarkBidApplied'; data: { bid_id: string } };
export type MarkBidClosedWon = { type: 'MarkBidClosedWon'; data: { bid_id: string } };
export type MarkBidClosedLost = { type: 'MarkBidClosedLost'; data: { bid_id: string } };
export type MarkBidOnHold = { type: 'MarkBidOnHold'; data: { bid_id: string } };

export type BidStatusCommand = MarkBidAccepted | MarkBidContacted | MarkBidApplied | MarkBidClosedWon | MarkBidClosedLost | MarkBidOnHold;

/** The bid follows its deal: the command that moves it to each deal stage. */
export const bidCommandForDealStage: Record<DealStage, BidStatusCommand['type']> = {
  accepted: 'MarkBidAccepted',
  contacted: 'MarkBidContacted',
  applied: 'MarkBidApplied',
  closed_won: 'MarkBidClosedWon',
  closed_lost: 'MarkBidClosedLost',
  on_hold: 'MarkBidOnHold',
};

type WithMetadata<C> = C extends unknown ? C & { metadata: BidCommandMetadata } : never;

export type BidCommand = WithMetadata<PlaceBid | EditBid | CancelBid | DeleteBid | ExpireBid | BidStatusCommand>;
