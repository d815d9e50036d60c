import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { organisationView } from '../../../../domain/organisation/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { organisationKeys } from './organisation-keys';

export function getOrganisation(uuid: string, signal?: AbortSignal) {
  return apiFetch(`/v2/organisations/${encodeURIComponent(uuid)}?include=fsps`, { schema: organisationView, signal });
}

export function organisationQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: organisationKeys.detail(uuid),
    queryFn: ({ signal }) => getOrganisation(uuid, signal),
  });
}

export function useOrganisation(uuid: string) {
  return useSuspenseQuery(organisationQueryOptions(uuid));
}
