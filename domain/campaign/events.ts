import type { CampaignFields } from './schemas';

// A campaign is one stream, `campaign-<uuid>` (docs/events.md "Campaign"); its slug is held by a reservation stream
// of its own (slug-reservation.ts), so two campaigns never share one.

export type CampaignDetails = CampaignFields;

export type CampaignCreated = {
  type: 'CampaignCreated';
  data: { campaign_id: string; product_id: string } & CampaignDetails;
};

/** Only the fields that changed. */
export type CampaignDetailsChanged = {
  type: 'CampaignDetailsChanged';
  data: { campaign_id: string; changes: Partial<CampaignDetails> };
};

export type CampaignRemoved = { type: 'CampaignRemoved'; data: { campaign_id: string; slug: string } };

export type CampaignEvent = CampaignCreated | CampaignDetailsChanged | CampaignRemoved;

export const campaignEventTypes = ['CampaignCreated', 'CampaignDetailsChanged', 'CampaignRemoved'] as const satisfies readonly CampaignEvent['type'][];

export const campaignStream = (campaignId: string) => `campaign-${campaignId}`;
