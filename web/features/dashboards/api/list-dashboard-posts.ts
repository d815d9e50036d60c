import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DashboardFilter, type DashboardSortKey, dashboardPostRow } from '../../../../domain/post/dashboard';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';

// GET /v2/posts (docs/dashboards.md): the admin's jousts, the provider's priority and normal tables, the customer's
// own posts; the server picks the list by the caller's role.

export type DashboardListParams = {
  page: number;
  count: number;
  sort?: { key: DashboardSortKey; direction: 'asc' | 'desc' };
  filter: DashboardFilter;
  /** The provider's priority table (true) or normal table (false). */
  priority?: boolean;
};

const dashboardList = listResultSchema(dashboardPostRow);

export const dashboardKeys = {
  all: ['posts', 'dashboard'] as const,
  list: (params: DashboardListParams) => ['posts', 'dashboard', params] as const,
};

export function dashboardPostsPath({ page, count, sort, filter, priority }: DashboardListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count) });
  if (sort) query.set(`sorting[${sort.key}]`, sort.direction);
  for (const [field, values] of Object.entries(filter)) if (values && values.length > 0) query.set(`filter[${field}]`, values.join(','));
  if (priority !== undefined) query.set('priority', String(priority));
  return `/v2/posts?${query.toString()}`;
}

export function dashboardPostsQueryOptions(params: DashboardListParams) {
  return queryOptions({
    queryKey: dashboardKeys.list(params),
    queryFn: ({ signal }) => apiFetch(dashboardPostsPath(params), { schema: dashboardList, signal }),
  });
}

/** Keeps the page on screen (dimmed by ListBody) while the next page or filter loads. */
export function useDashboardPosts(params: DashboardListParams) {
  return useQuery({ ...dashboardPostsQueryOptions(params), placeholderData: keepPreviousData });
}
