import type { ConditionalRule, LocationRule, QualifyingRule } from '../../domain/bid-template/rules';
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
  /** Every template is `pending` until auto-bidding (issue 29) turns it on. */
  auto_bidding: AutoBiddingStatus;
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
