import type { PostOrigin } from '../../domain/post/constants';

// The table `createTables` in leads.ts makes; the API reads the view of the same name in `public`.

/** A customer and how far they got; the row stays once they publish (`converted_at`), so the funnel can be read. */
export interface LeadsTable {
  customer_id: string;
  registered_at: Date;
  /** The furthest post-wizard step saved (domain/lead/schemas.ts `leadSteps`). */
  step: number;
  draft_post_id: string | null;
  origin: PostOrigin | null;
  campaign_id: string | null;
  /** The last time the customer did something themselves (an event of theirs). */
  last_seen_at: Date;
  /** When their first post was published: no longer a lead. */
  converted_at: Date | null;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface LeadsTables {
  leads: LeadsTable;
}
