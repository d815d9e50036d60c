import type { CampaignStatus, CampaignValueType } from '../../../domain/campaign/schemas';
import { formatAud, formatPercent } from '../../lib/format';

export const campaignStatusLabels: Record<CampaignStatus, string> = { active: 'Active', inactive: 'Inactive' };

/** A benefit or commission as the admin reads it: $2,000 or 0.30%. */
export const formatCampaignValue = (type: CampaignValueType, value: number) => (type === '$' ? formatAud(value) : formatPercent(value));

/** The link a campaign hands out (spec 2 §2 `/create-post?slug=`), on this site's address. */
export const campaignLink = (slug: string) => `${window.location.origin}/create-post?slug=${encodeURIComponent(slug)}`;
