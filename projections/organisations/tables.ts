import type { OrganisationCategory, OrganisationStatus, OrganisationType } from '../../domain/organisation/schemas';

// The table `createTables` in organisations.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface OrganisationsTable {
  uuid: string;
  product_id: string;
  name: string;
  abbreviation: string | null;
  organisation_type: OrganisationType;
  category: OrganisationCategory | null;
  status: OrganisationStatus;
  logo_file_id: string | null;
  /** Uuids of the brokers that may bid (spec 3 §3); only organisations that still exist as brokers. */
  allowed_bidders: string[];
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface OrganisationsTables {
  organisations: OrganisationsTable;
}
