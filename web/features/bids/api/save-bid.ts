import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidWarningCode } from '../../../../domain/bid/rules';
import type { BidForm } from '../../../../domain/bid/schemas';
import { bidView } from '../../../../contracts/bid';
import { apiFetch } from '../../../lib/api-fetch';
import { bidKeys } from './bid-keys';

/** Where a bid goes: a new bid on a post's home loan, or the changes of a saved bid. */
export type BidTarget = { kind: 'place'; homeLoanUuid: string } | { kind: 'edit'; bidUuid: string };
export type SaveBidRequest = { target: BidTarget; bid: BidForm; confirmedWarnings: readonly BidWarningCode[] };

/** `POST /v4/home_loans/{id}/bids` or `PATCH /v4/home_loan_bids/{id}` with `{ home_loan_bid, confirmed_warnings }`. */
export function saveBid({ target, bid, confirmedWarnings }: SaveBidRequest) {
  const body = { home_loan_bid: bid, confirmed_warnings: confirmedWarnings };
  return target.kind === 'place'
    ? apiFetch(`/v4/home_loans/${encodeURIComponent(target.homeLoanUuid)}/bids`, { method: 'POST', body, schema: bidView })
    : apiFetch(`/v4/home_loan_bids/${encodeURIComponent(target.bidUuid)}`, { method: 'PATCH', body, schema: bidView });
}

export function useSaveBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBid,
    onSuccess: async (saved) => {
      queryClient.setQueryData(bidKeys.detail(saved.uuid), saved);
      await queryClient.invalidateQueries({ queryKey: bidKeys.lists() });
    },
  });
}
