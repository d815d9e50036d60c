import { useQueries } from '@tanstack/react-query';
import { organisationQueryOptions } from './get-organisation';

export type OrganisationName = { uuid: string; name: string | null; missing: boolean };

/**
 * Names of organisations known only by uuid (allowed bidders are a list of uuids, spec 3 §3). Each is read through
 * the organisation's own query, so names already loaded (e.g. from the brokers modal) cost no request.
 */
export function useOrganisationNames(uuids: readonly string[]): OrganisationName[] {
  return useQueries({
    queries: uuids.map((uuid) => organisationQueryOptions(uuid)),
    combine: (results) =>
      results.map((result, index) => ({ uuid: uuids[index] ?? '', name: result.data?.name ?? null, missing: result.isError })),
  });
}
