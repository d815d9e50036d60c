import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactPreference } from '../../../../domain/deal/schemas';
import { acceptanceView } from '../../../../contracts/deal';
import { apiFetch } from '../../../lib/api-fetch';

/** `POST /v1/posts/{post_id}/home_loan_bids/{bid_id}/accept` with the customer's contact preference (spec 1 §4). */
export function acceptBid({ postUuid, bidUuid, contactPreference }: { postUuid: string; bidUuid: string; contactPreference: ContactPreference }) {
  return apiFetch(`/v1/posts/${encodeURIComponent(postUuid)}/home_loan_bids/${encodeURIComponent(bidUuid)}/accept`, {
    method: 'POST',
    body: { contact_preference: contactPreference },
    schema: acceptanceView,
  });
}

export function useAcceptBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptBid,
    // The dashboard the user lands on, the bids and the deals board all change with an acceptance.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
        queryClient.invalidateQueries({ queryKey: ['bids'] }),
        queryClient.invalidateQueries({ queryKey: ['deals'] }),
      ]),
  });
}
