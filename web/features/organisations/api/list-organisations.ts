import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type organisationFilter, type organisationSortable, organisationView } from '../../../../domain/organisation/schemas';
import { listResultSchema, type sortDirection } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { organisationKeys } from './organisation-keys';

export type OrganisationSortField = (typeof organisationSortable)[number];
export type OrganisationFilter = z.infer<typeof organisationFilter>;

export type OrganisationListParams = {
  page: number;
  count: number;
  sort: OrganisationSortField;
  direction: z.infer<typeof sortDirection>;
  filter: OrganisationFilter;
};

export const organisationList = listResultSchema(organisationView);

/** `GET /v4/organisations?page=1&count=25&sorting[created_at]=desc&filter[name]=…` (docs/api.md "Lists"). */
export function organisationListPath({ page, count, sort, direction, filter }: OrganisationListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count) });
  query.set(`sorting[${sort}]`, direction);
  for (const [field, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') query.set(`filter[${field}]`, value);
  }
  return `/v4/organisations?${query.toString()}`;
}

export function listOrganisations(params: OrganisationListParams, signal?: AbortSignal) {
  return apiFetch(organisationListPath(params), { schema: organisationList, signal });
}

export function organisationsQueryOptions(params: OrganisationListParams) {
  return queryOptions({
    queryKey: organisationKeys.list(params),
    queryFn: ({ signal }) => listOrganisations(params, signal),
  });
}

export function useOrganisations(params: OrganisationListParams) {
  return useSuspenseQuery(organisationsQueryOptions(params));
}
