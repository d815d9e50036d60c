import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

/** `DELETE /v3/home_loan_bid_templates/{id}` (delete_bid_template, or an admin). */
export function deleteBidTemplate(uuid: string) {
  return apiFetch(`/v3/home_loan_bid_templates/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
}

export function useDeleteBidTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBidTemplate,
    onSuccess: async (_, uuid) => {
      // Marked stale without a refetch: the wizard is left right after, and would otherwise fetch a 404 first.
      await queryClient.invalidateQueries({ queryKey: bidTemplateKeys.detail(uuid), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: bidTemplateKeys.lists() });
    },
  });
}
