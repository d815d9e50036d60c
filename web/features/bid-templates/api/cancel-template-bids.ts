import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelledTemplateBids } from '../../../../contracts/bid-template';
import { apiFetch } from '../../../lib/api-fetch';

// spec 3 §7 `PATCH /v1/home_loan_bid_templates/{id}` with cancel_active_bids (docs/auto-bidding.md "Cancelling a
// template's bids").

/** Cancels the template's active bids with the reason (spec 1 §5: required, trimmed). */
export function cancelTemplateBids({ uuid, reason }: { uuid: string; reason: string }) {
  return apiFetch(`/v1/home_loan_bid_templates/${encodeURIComponent(uuid)}`, { method: 'PATCH', body: { operation: 'cancel_active_bids', reason }, schema: cancelledTemplateBids });
}

export function useCancelTemplateBids() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTemplateBids,
    // The bids change, not the template; the bids feature's keys start with 'bids' (features do not share keys).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bids'] }),
  });
}
