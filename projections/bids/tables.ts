import type { AutoBidRecord } from '../../domain/bid/auto-bid';
import type { BidForm, BidOrigin, BidStatus, BidType } from '../../domain/bid/schemas';

// The tables `createTables` in bids.ts and post-leading-bids.ts makes. Handlers write them in the build's schema and
// the API reads the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export type AutoBidWhy = Pick<AutoBidRecord, 'bid_action' | 'replaces' | 'trace'>;

export interface BidsTable {
  uuid: string;
  post_id: string;
  provider_id: string;
  organisation_uuid: string;
  status: BidStatus;
  bid_type: BidType;
  show_private: boolean;
  origin: BidOrigin;
  template_id: string | null;
  /**
   * The template that placed the bid automatically (the auto-bidder: a `BidPlaced` naming a template and a cause),
   * kept from placement so an edit never changes it; null for a bid placed by hand (docs/auto-bidding.md "Placed
   * automatically").
   */
  auto_bid_template_id: string | null;
  /**
   * Why the auto-bidder placed it (`BidPlaced.auto_bid`): the bid action, the bids it replaced and the rule trace
   * (null once the post's customer was erased); null for a bid placed by hand and for auto-bids placed before the
   * trace was kept (docs/auto-bidding.md "Why this bid").
   */
  auto_bid_why: AutoBidWhy | null;
  /** Whose key seals the trace (the post's customer): `UserDeleted` blanks it as a rebuild would read it. */
  auto_bid_subject: string | null;
  interest_rate: number;
  comparison_rate: number;
  maximum_lvr: number;
  rate_type: string;
  fixed_period: number | null;
  repayment_type: string;
  loan_amount: number;
  monthly_repayment: number;
  monthly_savings: number | null;
  auto_declare_eligible: boolean;
  /** The whole bid form as placed or last edited (BidForm). */
  form: BidForm;
  /** Admin delete: the bid is gone from every list; the row stays so a replayed event finds it. */
  deleted: boolean;
  /** Who placed it: the provider, or an admin for the provider. */
  placed_by: string;
  /**
   * The customer accepted another bid of the post (`BidAcceptedOnPost`) while this one was active or expired: it
   * shows as "Another bid chosen" (docs/bids.md "Bids the customer did not choose"); its status stays `expired`.
   */
  not_chosen: boolean;
  created_at: Date;
  updated_at: Date;
}

type Leader = {
  uuid: string;
  interest_rate: number;
  comparison_rate: number;
  created_at: Date;
  provider_id: string;
  organisation_uuid: string;
  /** An anonymous bid keeping its organisation private: neither it nor its lender's experience is shown. */
  hidden: boolean;
};

type Prefixed<P extends string> = { [K in keyof Leader as `${P}_${K}`]: Leader[K] };

export type PostLeadingBidsTable = { post_id: string } & Prefixed<'cr'> & Prefixed<'ir'>;

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface BidsTables {
  bids: BidsTable;
  post_leading_bids: PostLeadingBidsTable;
}
