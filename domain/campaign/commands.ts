import type { CampaignDetails } from './events';

export type CreateCampaign = { type: 'CreateCampaign'; data: { campaign_id: string; product_id: string } & CampaignDetails };

/** A field left out keeps its value. */
export type ChangeCampaign = { type: 'ChangeCampaign'; data: { campaign_id: string; changes: Partial<CampaignDetails> } };

export type RemoveCampaign = { type: 'RemoveCampaign'; data: { campaign_id: string } };

export type CampaignCommand = CreateCampaign | ChangeCampaign | RemoveCampaign;
