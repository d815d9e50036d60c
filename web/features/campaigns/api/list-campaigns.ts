import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type campaignFilter, type campaignSortable, campaignView } from '../../../../domain/campaign/schemas';
import { listResultSchema, type sortDirection } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { campaignKeys } from './campaign-keys';

export type CampaignSortField = (typeof campaignSortable)[number];
export type CampaignFilter = z.infer<typeof campaignFilter>;
export type CampaignListParams = { page: number; count: number; sort: CampaignSortField; direction: z.infer<typeof sortDirection>; filter: CampaignFilter };

const campaignList = listResultSchema(campaignView);

/** `GET /v2/campaigns?page=1&count=10&sorting[created_at]=desc&filter[name]=…` (spec 3 §7). */
export function campaignListPath({ page, count, sort, direction, filter }: CampaignListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count) });
  query.set(`sorting[${sort}]`, direction);
  for (const [field, value] of Object.entries(filter)) if (value) query.set(`filter[${field}]`, value);
  return `/v2/campaigns?${query.toString()}`;
}

export function campaignsQueryOptions(params: CampaignListParams) {
  return queryOptions({
    queryKey: campaignKeys.list(params),
    queryFn: ({ signal }) => apiFetch(campaignListPath(params), { schema: campaignList, signal }),
  });
}

export function useCampaigns(params: CampaignListParams) {
  return useSuspenseQuery(campaignsQueryOptions(params));
}
