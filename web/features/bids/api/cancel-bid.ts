import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidView } from '../../../../contracts/bid';
import { apiFetch } from '../../../lib/api-fetch';
import { bidKeys } from './bid-keys';

/** `PATCH /v4/home_loan_bids/{id}/cancel` with the reason (spec 1 §5: required, trimmed). */
export function cancelBid({ uuid, reason }: { uuid: string; reason: string }) {
  return apiFetch(`/v4/home_loan_bids/${encodeURIComponent(uuid)}/cancel`, { method: 'PATCH', body: { reason }, schema: bidView });
}

export function useCancelBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBid,
    onSuccess: async (cancelled) => {
      queryClient.setQueryData(bidKeys.detail(cancelled.uuid), cancelled);
      await queryClient.invalidateQueries({ queryKey: bidKeys.lists() });
    },
  });
}
