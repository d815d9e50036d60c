import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { reviewContextView } from '../../../../contracts/review';
import { apiFetch } from '../../../lib/api-fetch';
import { reviewKeys } from './review-keys';

/** `GET /v1/posts/{post}/fsps/{fsp}/review?customer_uuid=`: who is rated for whom, and the review already sent. */
export function reviewContextQueryOptions(postUuid: string, fspUuid: string, customerUuid: string | undefined) {
  const query = customerUuid ? `?customer_uuid=${encodeURIComponent(customerUuid)}` : '';
  return queryOptions({
    queryKey: reviewKeys.context(postUuid, fspUuid, customerUuid),
    queryFn: ({ signal }) => apiFetch(`/v1/posts/${encodeURIComponent(postUuid)}/fsps/${encodeURIComponent(fspUuid)}/review${query}`, { schema: reviewContextView, signal }),
    retry: false,
  });
}

export function useReviewContext(postUuid: string, fspUuid: string, customerUuid: string | undefined) {
  return useSuspenseQuery(reviewContextQueryOptions(postUuid, fspUuid, customerUuid));
}
