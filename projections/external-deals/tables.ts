import type { ExternalDealProvider } from '../../domain/external-deal/events';
import type { LoanPurpose, LoanType } from '../../domain/post/schemas';

// The table `createTables` in external-deals.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface ExternalDealsTable {
  /** The external deal's id, which is also the post id of its deals. */
  uuid: string;
  customer_id: string;
  new_customer: boolean;
  loan_type: LoanType;
  loan_purpose: LoanPurpose;
  loan_amount: number;
  property_market_value: number;
  providers: ExternalDealProvider[];
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface ExternalDealsTables {
  external_deals: ExternalDealsTable;
}
