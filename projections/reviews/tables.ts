import type { ReviewStatus } from '../../domain/review/schemas';

// The table `createTables` in reviews.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface ReviewsTable {
  uuid: string;
  post_id: string;
  fsp_id: string;
  customer_id: string;
  rating: number;
  description: string | null;
  status: ReviewStatus;
  submitted_by: string;
  on_behalf: boolean;
  created_at: Date;
  updated_at: Date;
  moderated_at: Date | null;
  deleted: boolean;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface ReviewsTables {
  reviews: ReviewsTable;
}
