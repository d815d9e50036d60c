import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BidTemplateView, bidTemplateView } from '../../../../contracts/bid-template';
import type { AutoBidImprovement } from '../../../../domain/bid-template/improvement';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

// `PATCH /v4/home_loan_bid_templates/{id}/improvement` (docs/auto-bidding.md "Floor and step"): set or clear it.

export function useSetImprovement(template: Pick<BidTemplateView, 'uuid' | 'revision'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (improvement: AutoBidImprovement | null) =>
      apiFetch(`/v4/home_loan_bid_templates/${encodeURIComponent(template.uuid)}/improvement`, { method: 'PATCH', body: { revision: template.revision, improvement }, schema: bidTemplateView }),
    onSuccess: async (changed) => {
      queryClient.setQueryData(bidTemplateKeys.detail(changed.uuid), changed);
      await queryClient.invalidateQueries({ queryKey: bidTemplateKeys.lists() });
    },
  });
}
