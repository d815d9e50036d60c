import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { organisationView } from '../../../../domain/organisation/schemas';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { userView } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { dealKeys } from './deal-keys';

// The admin's provider and organisation filters (spec 1 §6) and the names on the admin's deal cards: the deals API
// answers ids, so names are looked up (once per provider or organisation, cached).

export type Option = { value: string; label: string };

const users = listResultSchema(userView);
const organisations = listResultSchema(z.object({ uuid: z.uuid(), name: z.string() }));

/** spec 1 §5: filter inputs allow only word characters and spaces. */
const words = (text: string) => text.replace(/[^\w ]/g, ' ').trim();

/** Providers by name, at most 50 (`GET /v1/users?filter[user_type]=fsp`). */
export function useProviderOptions(search: string) {
  return useQuery({
    queryKey: dealKeys.options('providers', words(search)),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Option[]> => {
      const query = new URLSearchParams({ count: '50', 'sorting[full_name]': 'asc', 'filter[user_type]': 'fsp' });
      if (words(search)) query.set('filter[search]', words(search));
      const page = await apiFetch(`/v1/users?${query.toString()}`, { schema: users, signal });
      return page.result.map((user) => ({ value: user.uuid, label: user.full_name ?? user.email ?? user.uuid }));
    },
  });
}

/** Organisations by name, at most 50 (`GET /v4/organisations`). */
export function useOrganisationOptions(search: string) {
  return useQuery({
    queryKey: dealKeys.options('organisations', words(search)),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Option[]> => {
      const query = new URLSearchParams({ count: '50', 'sorting[name]': 'asc' });
      if (words(search)) query.set('filter[name]', words(search));
      const page = await apiFetch(`/v4/organisations?${query.toString()}`, { schema: organisations, signal });
      return page.result.map((organisation) => ({ value: organisation.uuid, label: organisation.name }));
    },
  });
}

/** A user's name (admins: `GET /v1/users/{id}`); null asks nothing. */
export function useUserSummary(uuid: string | null) {
  return useQuery({
    queryKey: dealKeys.provider(uuid ?? ''),
    enabled: uuid !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const user = await apiFetch(`/v1/users/${encodeURIComponent(uuid!)}`, { schema: userView, signal });
      return { name: user.full_name ?? user.email ?? '' };
    },
  });
}

/** An organisation's name (`GET /v2/organisations/{id}`): the selected filter value, the admin's cards. */
export function useOrganisationName(uuid: string | null) {
  return useQuery({
    queryKey: dealKeys.organisation(uuid ?? ''),
    enabled: uuid !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => (await apiFetch(`/v2/organisations/${encodeURIComponent(uuid!)}`, { schema: organisationView, signal })).name,
  });
}
