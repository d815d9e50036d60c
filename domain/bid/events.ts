import type { AutoBidRecord } from './auto-bid';
import type { BidRepayments, BidWarningCode } from './rules';
import type { BidForm, BidOrigin, BidStatus } from './schemas';

// The bid aggregate (spec 1 §3 "Bid", §4 "Bid statuses"; spec 3 §5): one stream per bid, `bid-<uuid>`. Every event
// names the bid, its post, the provider who placed it and the organisation it is placed for, so read models never
// load another stream. No names or e-mails; the cancellation reason is free text of the provider, kept personal
// (infrastructure/event-store/personal-data-policy.ts).

type BidRef = { bid_id: string; post_id: string; provider_id: string; organisation_uuid: string };

/** What a placed or edited bid offers, with the figures derived from the post when it was decided. */
export type BidTerms = {
  bid: BidForm;
  /** The loan amount the repayments are computed on: the bid's amount, else the post's. */
  loan_amount: number;
  repayments: BidRepayments;
  /** spec 1 §4: a bid whose comparison rate did not beat the leading bid is not eligible for Auto-Declare. */
  auto_declare_eligible: boolean;
  /** The warnings the provider confirmed with 'Yes, continue!'. */
  confirmed_warnings: BidWarningCode[];
};

/**
 * `POST /v4/home_loans/{id}/bids`: a provider bids on an active post; the bid is `active`. `auto_bid`: placed by the
 * auto-bidder (its template, bid action, replaced bids and rule trace; absent on a person's bid and on auto-bids
 * placed before 29/11/2026).
 */
export type BidPlaced = { type: 'BidPlaced'; data: BidRef & BidTerms & { origin: BidOrigin; placed_at: string; placed_by: string; auto_bid?: AutoBidRecord } };
/** `PATCH /v4/home_loan_bids/{id}`: the whole form after the change (an active bid, or the bid of an open deal). */
export type BidEdited = { type: 'BidEdited'; data: BidRef & BidTerms & { edited_at: string; edited_by: string } };
/** spec 1 §4: cancelled with a reason (trimmed, personal) by its provider or an admin. */
export type BidCancelled = { type: 'BidCancelled'; data: BidRef & { reason: string; cancelled_by: string; cancelled_at: string } };
/** `DELETE /v4/home_loan_bids/{id}` (admin): the bid is gone from every list. Never a deal (its history stays). */
export type BidDeleted = { type: 'BidDeleted'; data: BidRef & { deleted_by: string; deleted_at: string } };
/** The post closed its bidding without accepting the bid (scheduler). */
export type BidExpired = { type: 'BidExpired'; data: BidRef & { expired_at: string } };

/** The moves the post (acceptance) and the deal (activities) drive; `by` is the user who acted. */
type StatusMove = BidRef & { at: string; by: string };
/** The Post stream recorded the acceptance; the bid is `accepted` (shown as Declared) and counts as a deal. */
export type BidAccepted = { type: 'BidAccepted'; data: StatusMove };
export type BidContacted = { type: 'BidContacted'; data: StatusMove };
export type BidApplied = { type: 'BidApplied'; data: StatusMove };
export type BidClosedWon = { type: 'BidClosedWon'; data: StatusMove };
export type BidClosedLost = { type: 'BidClosedLost'; data: StatusMove };
export type BidPutOnHold = { type: 'BidPutOnHold'; data: StatusMove };

export type BidStatusMoved = BidAccepted | BidContacted | BidApplied | BidClosedWon | BidClosedLost | BidPutOnHold;

export type BidEvent = BidPlaced | BidEdited | BidCancelled | BidDeleted | BidExpired | BidStatusMoved;

/** The status a bid has after each event that moves it (the aggregate and the bids read model both follow this). */
export const bidStatusAfter: Record<Exclude<BidEvent['type'], 'BidPlaced' | 'BidEdited' | 'BidDeleted'>, BidStatus> = {
  BidCancelled: 'cancelled',
  BidExpired: 'expired',
  BidAccepted: 'accepted',
  BidContacted: 'contacted',
  BidApplied: 'applied',
  BidClosedWon: 'closed_won',
  BidClosedLost: 'closed_lost',
  BidPutOnHold: 'on_hold',
};

export const bidEventTypes = [
  'BidPlaced',
  'BidEdited',
  'BidCancelled',
  'BidDeleted',
  'BidExpired',
  'BidAccepted',
  'BidContacted',
  'BidApplied',
  'BidClosedWon',
  'BidClosedLost',
  'BidPutOnHold',
] as const satisfies readonly BidEvent['type'][];

export const bidStream = (bidId: string) => `bid-${bidId}`;
