import type { CampaignPostView, CampaignView } from '../../domain/campaign/schemas';
import type { CampaignRow } from '../../projections/campaigns/campaigns';
import type { CampaignPostListRow } from '../../projections/campaigns/queries';

// The campaigns' read rows as the API answers them (campaigns.ts).

export function toCampaignView(row: CampaignRow): CampaignView {
  return {
    uuid: row.uuid,
    product_uuid: row.product_id,
    name: row.name,
    slug: row.slug,
    benefit_type: row.benefit_type,
    benefit_value: row.benefit_value,
    benefit_payer: row.benefit_payer,
    commission_type: row.commission_type,
    commission_value: row.commission_value,
    commission_payer: row.commission_payer,
    commission_payee: row.commission_payee,
    status: row.status,
    figures: {
      posts: row.posts,
      published_posts: row.published_posts,
      deals: row.deals,
      settled_deals: row.settled_deals,
      settled_volume: row.settled_volume,
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toCampaignPostView(row: CampaignPostListRow): CampaignPostView {
  return {
    post_uuid: row.post_id,
    started_at: row.started_at.toISOString(),
    published_at: row.published_at?.toISOString() ?? null,
    status: row.status,
    loan_amount: row.loan_amount,
    deal_stage: row.deal_stage,
    deal_value: row.deal_value,
  };
}
