import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BidTemplateView, bidTemplateView } from '../../../../contracts/bid-template';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

// spec 3 §7 `POST /v3/home_loan_bid_templates/{id}/interactive_matches` (docs/bid-templates.md "Interactive matching").

export type InteractiveMatchingChoice = { on: boolean; validFor: number };

export function useSetInteractiveMatching(template: Pick<BidTemplateView, 'uuid' | 'revision'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ on, validFor }: InteractiveMatchingChoice) =>
      apiFetch(`/v3/home_loan_bid_templates/${encodeURIComponent(template.uuid)}/interactive_matches`, {
        method: 'POST',
        body: { revision: template.revision, interactive_matching: on, ...(on ? { interactive_matching_valid_for: validFor } : {}) },
        schema: bidTemplateView,
      }),
    onSuccess: async (changed) => {
      queryClient.setQueryData(bidTemplateKeys.detail(changed.uuid), changed);
      await queryClient.invalidateQueries({ queryKey: bidTemplateKeys.lists() });
    },
  });
}
