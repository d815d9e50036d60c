import type { ConditionalRule, LocationRule, QualifyingRule } from '../../domain/bid-template/rules';
import type { AutoBiddingScope } from '../../domain/bid-template/auto-bidding';
import type { AutoBidImprovement } from '../../domain/bid-template/improvement';
import type { AutoBiddingStatus, BidTemplateDetails } from '../../domain/bid-template/schemas';

// The table `createTables` in bid-templates.ts makes; the API reads the view of the same name in `public`.

export interface BidTemplatesTable {
  uuid: string;
  owner_id: string;
  owner_organisation_uuid: string;
  /** The organisation the template's bids are for (a broker's may be a lender's). */
  organisation_uuid: string;
  name: string;
  bid_type: string;
  interest_rate: number;
  comparison_rate: number;
  /** Worked out from the rates and fees (domain/bid/comparison-rate.ts). */
  computed_comparison_rate: number;
  maximum_lvr: number;
  /** Every template is `pending` until auto-bidding is first turned on (spec 3 §4, domain/bid-template/auto-bidding.ts). */
  auto_bidding: AutoBiddingStatus;
  /** Days, while active; null otherwise. */
  valid_for: number | null;
  /** When auto-bidding ends, while active; null otherwise. */
  expiry_on: Date | null;
  public: boolean;
  auto_bidding_review_period: number | null;
  auto_bidding_scope: AutoBiddingScope | null;
  /** spec 3 §4 "Interactive matching": the flag, its validity (days) and its expiry day (YYYY-MM-DD), cleared when off. */
  interactive_matching: boolean;
  interactive_matching_valid_for: number | null;
  interactive_matching_expiration_date: string | null;
  /** Floor and step (domain/bid-template/improvement.ts); null when not set. */
  improvement: AutoBidImprovement | null;
  details: BidTemplateDetails;
  qualifying_rules: QualifyingRule[];
  conditional_rules: ConditionalRule[];
  location_list_type: string | null;
  location_rules: LocationRule[];
  cloned_from: string | null;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface BidTemplatesTables {
  bid_templates: BidTemplatesTable;
}
