import type { OrganisationDetails } from '../../domain/organisation/events';

// The table `createTables` in organisations.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

/** An organisation's details as its events carry them, with its ids, bidders and times. */
export interface OrganisationsTable extends OrganisationDetails {
  uuid: string;
  product_id: string;
  /** Uuids of the brokers that may bid (spec 3 §3); only organisations that still exist as brokers. */
  allowed_bidders: string[];
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface OrganisationsTables {
  organisations: OrganisationsTable;
}
