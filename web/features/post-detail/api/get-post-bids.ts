import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { postBidsView } from '../../../../contracts/bid';
import { apiFetch } from '../../../lib/api-fetch';
import { postDetailKeys } from './post-detail-keys';

/** `GET /v1/posts/{id}/home_loan_bids`: the post's bids in place order, with groups, place labels and the winner. */
export function postBidsQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: postDetailKeys.bids(uuid),
    queryFn: ({ signal }) => apiFetch(`/v1/posts/${encodeURIComponent(uuid)}/home_loan_bids`, { schema: postBidsView, signal }),
  });
}

export function usePostBids(uuid: string) {
  return useSuspenseQuery(postBidsQueryOptions(uuid));
}
