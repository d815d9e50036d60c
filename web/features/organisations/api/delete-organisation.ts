import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch';
import { organisationKeys } from './organisation-keys';

export function deleteOrganisation(uuid: string) {
  return apiFetch(`/v1/organisations/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
}

export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganisation,
    onSuccess: async (_, uuid) => {
      // Marked stale but not refetched: the detail page still on screen would otherwise fetch a 404 before it
      // navigates away; the next visit fetches it again and shows not-found.
      await queryClient.invalidateQueries({ queryKey: organisationKeys.detail(uuid), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: organisationKeys.lists() });
    },
  });
}
