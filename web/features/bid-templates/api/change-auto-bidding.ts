import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BidTemplateView, bidTemplateView } from '../../../../contracts/bid-template';
import type { AutoBiddingScope } from '../../../../domain/bid-template/auto-bidding';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

// spec 3 §7 `PATCH /v4/home_loan_bid_templates/{id}/auto_bidding` (docs/auto-bidding.md).

export type AutoBiddingChoice = {
  autoBidding: boolean;
  /** Sent only on a first activation (a pending template). */
  scope: AutoBiddingScope | null;
  /** Sent only when ticking on. */
  reviewPeriod: number | null;
};

export function useChangeAutoBidding(template: Pick<BidTemplateView, 'uuid' | 'revision'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ autoBidding, scope, reviewPeriod }: AutoBiddingChoice) =>
      apiFetch(`/v4/home_loan_bid_templates/${encodeURIComponent(template.uuid)}/auto_bidding`, {
        method: 'PATCH',
        body: { revision: template.revision, auto_bidding: autoBidding, ...(autoBidding && scope ? { scope } : {}), ...(autoBidding && reviewPeriod ? { review_period: reviewPeriod } : {}) },
        schema: bidTemplateView,
      }),
    onSuccess: async (changed) => {
      queryClient.setQueryData(bidTemplateKeys.detail(changed.uuid), changed);
      await queryClient.invalidateQueries({ queryKey: bidTemplateKeys.lists() });
    },
  });
}
