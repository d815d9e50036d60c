import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { providerReviewsView } from '../../../../contracts/review';
import { apiFetch } from '../../../lib/api-fetch';
import { reviewKeys } from './review-keys';

/** `GET /v1/fsps/{id}/reviews?page=`: the provider's approved reviews, 5 per page, with the average (spec 1 §9). */
export function providerReviewsQueryOptions(fspUuid: string, page: number) {
  return queryOptions({
    queryKey: reviewKeys.provider(fspUuid, page),
    queryFn: ({ signal }) => apiFetch(`/v1/fsps/${encodeURIComponent(fspUuid)}/reviews?page=${page}`, { schema: providerReviewsView, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProviderReviews(fspUuid: string, page: number) {
  return useQuery(providerReviewsQueryOptions(fspUuid, page));
}
