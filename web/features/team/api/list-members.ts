import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { organisationProviderView } from '../../../../domain/organisation/schemas';
import { listPageSizes, listResultSchema } from '../../../../domain/shared/list-query';
import type { UserStatus } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { teamKeys } from './list-team';

export const membersPageSize = listPageSizes.standard;
export type MemberListParams = { page: number; organisation_uuid?: string; status?: UserStatus };

const memberList = listResultSchema(organisationProviderView);

/** `GET /v2/users` as an admin (spec 2 §7 "team"): every organisation's providers, or one organisation's. */
export function membersQueryOptions(params: MemberListParams) {
  const query = new URLSearchParams({ page: String(params.page), count: String(membersPageSize) });
  if (params.organisation_uuid) query.set('filter[organisation_uuid]', params.organisation_uuid);
  if (params.status) query.set('filter[status]', params.status);
  return queryOptions({
    queryKey: teamKeys.members(params),
    queryFn: ({ signal }) => apiFetch(`/v2/users?${query.toString()}`, { schema: memberList, signal }),
  });
}

export function useMembers(params: MemberListParams) {
  return useSuspenseQuery(membersQueryOptions(params));
}
