import { z } from 'zod';
import { campaignFilter, campaignSortable, campaignStatuses, campaignsPageSize } from '../../../domain/campaign/schemas';
import { sortDirection } from '../../../domain/shared/list-query';
import type { CampaignListParams } from './api/list-campaigns';

// The list's state lives in the URL (page, sort, filters); a value that does not fit is dropped rather than failing
// the page. spec 3 §9: 10 a page; spec 1 §9: created_at descending.

/** TanStack Router reads `?name=2024` as a number; the filter wants text. */
const searchText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), campaignFilter.shape.name);

export const campaignListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  sort: z.enum(campaignSortable).optional().catch(undefined),
  direction: sortDirection.optional().catch(undefined),
  name: searchText.catch(undefined),
  status: z.enum(campaignStatuses).optional().catch(undefined),
});
export type CampaignListSearch = z.infer<typeof campaignListSearch>;

export function toCampaignListParams(search: CampaignListSearch): CampaignListParams {
  return {
    page: search.page ?? 1,
    count: campaignsPageSize,
    sort: search.sort ?? 'created_at',
    direction: search.direction ?? (search.sort === undefined ? 'desc' : 'asc'),
    filter: { ...(search.name ? { name: search.name } : {}), ...(search.status ? { status: search.status } : {}) },
  };
}
