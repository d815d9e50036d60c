import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { organisationProviderView } from '../../../../domain/organisation/schemas';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { userView } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

/** A provider a template can belong to: its organisation is fixed when it is a financial institution (spec 3 §5). */
export type ProviderOption = { value: string; label: string; organisation_uuid: string | null; organisation_name: string | null; financial_institution: boolean };

const users = listResultSchema(userView);
const team = listResultSchema(organisationProviderView);
/** The user search allows letters, digits, spaces and @ . + ' - (domain/user/user-management.ts). */
const searchable = (text: string) => text.replace(/[^\p{L}\p{N} @.+'-]/gu, ' ').trim();

/**
 * `all` (admins): every active provider matching what was typed (`GET /v4/users?user_type=fsp`); `organisation`: the
 * caller's colleagues (`GET /v2/users`), for the list's provider filter.
 */
export function useProviderOptions(scope: 'all' | 'organisation' | null, search: string) {
  const term = searchable(search);
  return useQuery({
    queryKey: bidTemplateKeys.providers(scope ?? 'organisation', scope === 'all' ? term : ''),
    enabled: scope !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<ProviderOption[]> => {
      if (scope === 'organisation') {
        const page = await apiFetch('/v2/users?count=100&sorting[full_name]=asc', { schema: team, signal });
        return page.result.map((user) => ({ value: user.uuid, label: user.full_name ?? user.email ?? user.uuid, organisation_uuid: null, organisation_name: null, financial_institution: false }));
      }
      const query = new URLSearchParams({ user_type: 'fsp', count: '50' });
      if (term) query.set('search', term);
      const page = await apiFetch(`/v4/users?${query.toString()}`, { schema: users, signal });
      return page.result
        .filter((user) => user.status === 'active')
        .map((user) => ({
          value: user.uuid,
          label: [user.full_name, user.fsp?.organisation.name].filter(Boolean).join(' · ') || (user.email ?? user.uuid),
          organisation_uuid: user.fsp?.organisation.uuid ?? null,
          organisation_name: user.fsp?.organisation.name ?? null,
          financial_institution: user.fsp?.provider_type === 'financial_institution',
        }));
    },
  });
}
