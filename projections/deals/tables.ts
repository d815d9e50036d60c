import type { DealValueLabel } from '../../domain/deal/figures';
import type { ContactPreference, DealActivityType, NotProceedingReason } from '../../domain/deal/schemas';
import type { DealStage } from '../../domain/deal/stages';

// The tables `createTables` in deals.ts makes. Handlers write them in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface DealsTable {
  uuid: string;
  bid_id: string;
  post_id: string;
  provider_id: string;
  organisation_id: string;
  customer_id: string;
  stage: DealStage;
  loan_amount: number;
  /** The deal value and its label (domain/deal/figures.ts), kept with every activity change. */
  value: number;
  value_label: DealValueLabel;
  external: boolean;
  contact_preference: ContactPreference;
  opened_at: Date;
  updated_at: Date;
  /** The latest date among the deal's activities (YYYY-MM-DD text, like `activity_date`: it sorts as a date). */
  last_activity_date: string;
  /** The reason of the closed_lost activity, when the deal was lost. */
  not_proceeding_reason: NotProceedingReason | null;
  deleted: boolean;
}

export interface DealActivitiesTable {
  activity_id: string;
  deal_id: string;
  /** The deal stream's revision that recorded it: the activities' order. */
  seq: number;
  activity_type: DealActivityType;
  amount: number | null;
  description: string | null;
  /** Whose key seals the description in the events (a personal-data subject); null when it has none. */
  description_subject: string | null;
  activity_date: string;
  settled_lender: string | null;
  reason: NotProceedingReason | null;
  created_by: string;
  created_at: Date;
  deleted: boolean;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
/** The deals not deleted per provider, organisation, stage and origin, kept by a trigger on deals (the board's totals). */
export interface DealCountsTable {
  provider_id: string;
  organisation_id: string;
  stage: DealStage;
  external: boolean;
  n: string;
}

export interface DealsTables {
  deals: DealsTable;
  deal_activities: DealActivitiesTable;
  deal_counts: DealCountsTable;
}
