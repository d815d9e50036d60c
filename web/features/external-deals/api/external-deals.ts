import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExternalDealChanges, ExternalDealForm } from '../../../../domain/external-deal/schemas';
import { externalDealView } from '../../../../contracts/external-deal';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { userView } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';

// The external deal calls (docs/external-deals.md): read for the edit form, create, update; and the customer and
// provider pickers (`GET /v4/users?user_type=…&search=`, the admin pickers' search).

export const externalDealKeys = {
  all: ['external-deals'] as const,
  detail: (uuid: string) => ['external-deals', uuid] as const,
  users: (userType: 'customer' | 'fsp', search: string) => ['external-deals', 'users', userType, search] as const,
};

export const externalDealQuery = (uuid: string) =>
  queryOptions({ queryKey: externalDealKeys.detail(uuid), queryFn: ({ signal }) => apiFetch(`/v1/external_deals/${encodeURIComponent(uuid)}`, { schema: externalDealView, signal }) });

export function useCreateExternalDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ExternalDealForm) => apiFetch('/v1/external_deals', { method: 'POST', body: form, schema: externalDealView }),
    onSuccess: (deal) => {
      queryClient.setQueryData(externalDealKeys.detail(deal.uuid), deal);
      void queryClient.invalidateQueries({ queryKey: ['deals', 'list'] });
    },
  });
}

export function useUpdateExternalDeal(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ExternalDealChanges) => apiFetch(`/v1/external_deals/${encodeURIComponent(uuid)}`, { method: 'PATCH', body: changes, schema: externalDealView }),
    onSuccess: (deal) => {
      queryClient.setQueryData(externalDealKeys.detail(deal.uuid), deal);
      void queryClient.invalidateQueries({ queryKey: ['deals'] });
    },
  });
}

export type UserOption = { value: string; label: string };
const users = listResultSchema(userView);
/** spec 1 §5: picker searches allow only word characters and spaces (and @ . for e-mails). */
const words = (text: string) => text.replace(/[^\w @.]/g, ' ').trim();

export function useUserOptions(userType: 'customer' | 'fsp', search: string) {
  return useQuery({
    queryKey: externalDealKeys.users(userType, words(search)),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<UserOption[]> => {
      const query = new URLSearchParams({ user_type: userType, count: '50' });
      if (words(search)) query.set('search', words(search));
      const page = await apiFetch(`/v4/users?${query.toString()}`, { schema: users, signal });
      return page.result.map((user) => ({ value: user.uuid, label: [user.full_name, user.email].filter(Boolean).join(' · ') || user.uuid }));
    },
  });
}
