import { queryOptions, useQuery } from '@tanstack/react-query';
import { organisationView } from '../../../../domain/organisation/schemas';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { isApiError } from '../../../lib/api-error';
import { apiFetch } from '../../../lib/api-fetch';

// The organisations a provider can belong to (the approve dialog and the user edit form), by name.
const organisations = listResultSchema(organisationView);

export function organisationOptionsQuery(name: string) {
  return queryOptions({
    queryKey: ['users', 'organisation-options', name],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ count: '50', 'sorting[name]': 'asc' });
      // The name filter takes letters, digits and spaces only (domain/organisation/schemas.ts).
      const words = name.replace(/[^\w ]/g, ' ').trim();
      if (words) query.set('filter[name]', words);
      const page = await apiFetch(`/v4/organisations?${query.toString()}`, { schema: organisations, signal });
      return page.result.map((o) => ({ value: o.uuid, label: o.name }));
    },
  });
}

export function useOrganisationOptions(name: string) {
  return useQuery(organisationOptionsQuery(name));
}

/** Whether the organisation exists (spec 2 §5: "Organisation isn't in our database!"); null while unknown. */
export function useOrganisationKnown(uuid: string | null) {
  return useQuery({
    queryKey: ['users', 'organisation-known', uuid],
    enabled: uuid !== null,
    queryFn: async ({ signal }) => {
      try {
        await apiFetch(`/v2/organisations/${encodeURIComponent(uuid!)}`, { schema: organisationView, signal });
        return true;
      } catch (error) {
        if (isApiError(error, 404)) return false;
        throw error;
      }
    },
  });
}
