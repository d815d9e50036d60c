import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch';
import { userKeys } from './user-keys';

export function deleteUser(uuid: string) {
  return apiFetch(`/v1/users/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_, uuid) => {
      // Marked stale, not refetched: the detail page still on screen would fetch a 404 before it navigates away.
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(uuid), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
