import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { postReadingView } from '../../../../contracts/provider-post';
import { apiFetch } from '../../../lib/api-fetch';
import { bidKeys } from './bid-keys';

/**
 * `GET /v4/posts/{id}` for the bid screens: a provider reads the loan summary without the customer's personal data
 * (domain/post/provider-view.ts), an admin the whole post. Both carry what a bid needs (LVR, amount, current rate).
 */
export function bidPostQueryOptions(postUuid: string) {
  return queryOptions({
    queryKey: bidKeys.post(postUuid),
    queryFn: ({ signal }) => apiFetch(`/v4/posts/${encodeURIComponent(postUuid)}`, { schema: postReadingView, signal }),
  });
}

export function useBidPost(postUuid: string) {
  return useSuspenseQuery(bidPostQueryOptions(postUuid));
}
