import type { CampaignParty, CampaignStatus, CampaignValueType } from '../../domain/campaign/schemas';
import type { DealStage } from '../../domain/deal/stages';

// The tables `createTables` in campaigns.ts makes. Handlers write them in the build's schema and the API reads the
// views of the same names in `public` (projections/projection.ts): queries name them plainly.

/** A campaign's details and its figures (docs/campaigns.md "Figures"), kept by the projection, never counted per request. */
export interface CampaignsTable {
  uuid: string;
  product_id: string;
  name: string;
  slug: string;
  benefit_type: CampaignValueType;
  benefit_value: number;
  benefit_payer: CampaignParty;
  commission_type: CampaignValueType;
  commission_value: number;
  commission_payer: CampaignParty;
  commission_payee: CampaignParty;
  status: CampaignStatus;
  posts: number;
  published_posts: number;
  deals: number;
  settled_deals: number;
  /** Whole dollars. */
  settled_volume: number;
  created_at: Date;
  updated_at: Date;
}

/** Every post started through a campaign's link, with its deal as the deals read model has it. */
export interface CampaignPostsTable {
  post_id: string;
  campaign_id: string;
  started_at: Date;
  published_at: Date | null;
  deal_id: string | null;
  deal_stage: DealStage | null;
  deal_value: number | null;
  /** An admin deleted the post: it leaves the campaign's list and figures. */
  deleted: boolean;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface CampaignsTables {
  campaigns: CampaignsTable;
  campaign_posts: CampaignPostsTable;
}
