import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listOrganisations, type OrganisationListParams } from './list-organisations';
import { organisationKeys } from './organisation-keys';

/** The brokers to choose allowed bidders from (spec 3 §2): by name, the first 100 that match the search. */
export const BROKER_PAGE = 100;

const brokerListParams = (name: string): OrganisationListParams => ({
  page: 1,
  count: BROKER_PAGE,
  sort: 'name',
  direction: 'asc',
  filter: { organisation_type: 'broker', ...(name ? { name } : {}) },
});

export function brokersQueryOptions(name: string) {
  const params = brokerListParams(name);
  return queryOptions({
    // A list key: creating, changing or removing an organisation refreshes it with the other lists.
    queryKey: organisationKeys.list(params),
    queryFn: ({ signal }) => listOrganisations(params, signal),
  });
}

/** Not suspending: the modal keeps its search box and selection while the next list loads. */
export function useBrokers(name: string, enabled: boolean) {
  return useQuery({ ...brokersQueryOptions(name), enabled, placeholderData: keepPreviousData });
}
