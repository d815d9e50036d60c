import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { leadView } from '../../../../domain/lead/schemas';
import type { PostOrigin } from '../../../../domain/post/constants';
import { listPageSizes, listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';

export const leadsPageSize = listPageSizes.standard;
export type LeadListParams = { page: number; min_step?: number; origin?: PostOrigin };

const leadList = listResultSchema(leadView);

export const leadKeys = {
  all: ['leads'] as const,
  list: (params: LeadListParams) => ['leads', 'list', params] as const,
};

/** `GET /v1/leads?page=1&count=25&filter[min_step]=3&filter[origin]=matching`, last seen first. */
export function leadsQueryOptions(params: LeadListParams) {
  const query = new URLSearchParams({ page: String(params.page), count: String(leadsPageSize), 'sorting[last_seen_at]': 'desc' });
  if (params.min_step !== undefined) query.set('filter[min_step]', String(params.min_step));
  if (params.origin) query.set('filter[origin]', params.origin);
  return queryOptions({
    queryKey: leadKeys.list(params),
    queryFn: ({ signal }) => apiFetch(`/v1/leads?${query.toString()}`, { schema: leadList, signal }),
  });
}

export function useLeads(params: LeadListParams) {
  return useSuspenseQuery(leadsQueryOptions(params));
}
