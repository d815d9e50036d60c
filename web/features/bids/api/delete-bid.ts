import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch';
import { bidKeys } from './bid-keys';

/** `DELETE /v4/home_loan_bids/{id}` (admins). */
export function deleteBid(uuid: string) {
  return apiFetch(`/v4/home_loan_bids/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
}

export function useDeleteBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBid,
    onSuccess: async (_, uuid) => {
      // Marked stale without a refetch: the bid's page is left right after, and would otherwise fetch a 404 first.
      await queryClient.invalidateQueries({ queryKey: bidKeys.detail(uuid), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: bidKeys.lists() });
    },
  });
}
