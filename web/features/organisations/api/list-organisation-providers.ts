import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { organisationProviderView } from '../../../../domain/organisation/schemas';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { organisationKeys } from './organisation-keys';

export const PROVIDERS_PAGE = 10;
const providerList = listResultSchema(organisationProviderView);

/** `GET /v1/organisations/{id}/fsps`: the organisation's providers by name, a page at a time. */
export function organisationProvidersQueryOptions(uuid: string, page: number) {
  return queryOptions({
    queryKey: organisationKeys.providers(uuid, page),
    queryFn: ({ signal }) =>
      apiFetch(`/v1/organisations/${encodeURIComponent(uuid)}/fsps?page=${page}&count=${PROVIDERS_PAGE}`, { schema: providerList, signal }),
  });
}

export function useOrganisationProviders(uuid: string, page: number) {
  return useQuery({ ...organisationProvidersQueryOptions(uuid, page), placeholderData: keepPreviousData });
}
