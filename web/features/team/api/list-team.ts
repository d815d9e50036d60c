import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { organisationProviderView } from '../../../../domain/organisation/schemas';
import { listPageSizes, listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';

// spec 1 §9: tables show 25 rows a page.
export const TEAM_PAGE = listPageSizes.standard;
const teamList = listResultSchema(organisationProviderView);

export const teamKeys = {
  all: ['team'] as const,
  page: (page: number) => ['team', page] as const,
  /** The admin's Members list (any organisation). */
  members: (params: object) => ['team', 'members', params] as const,
};

/** `GET /v2/users` (spec 2 §7 "team"): the providers of the caller's organisation, by name. */
export function teamQueryOptions(page: number) {
  return queryOptions({
    queryKey: teamKeys.page(page),
    queryFn: ({ signal }) => apiFetch(`/v2/users?page=${page}&count=${TEAM_PAGE}`, { schema: teamList, signal }),
  });
}

export function useTeam(page: number) {
  return useSuspenseQuery(teamQueryOptions(page));
}
