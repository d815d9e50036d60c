import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { reviewView } from '../../../../contracts/review';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import type { ReviewListParams } from '../review-list-search';
import { reviewKeys } from './review-keys';

const reviewList = listResultSchema(reviewView);

/** `GET /v1/reviews?page=1&count=25&sorting[created_at]=desc&filter[status]=pending` (spec 1 §7 "Reviews list"). */
export function reviewListPath({ page, count, sortField, direction, status }: ReviewListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count) });
  query.set(`sorting[${sortField}]`, direction);
  if (status) query.set('filter[status]', status);
  return `/v1/reviews?${query.toString()}`;
}

export function reviewsQueryOptions(params: ReviewListParams) {
  return queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => apiFetch(reviewListPath(params), { schema: reviewList, signal }),
  });
}

export function useReviews(params: ReviewListParams) {
  return useSuspenseQuery(reviewsQueryOptions(params));
}
