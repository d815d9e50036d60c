import { z } from 'zod';
import { reviewStatuses } from '../../../domain/review/schemas';
import { listPageSizes, sortDirection } from '../../../domain/shared/list-query';

// The moderation table's state lives in the URL (page, order, status). A value that does not fit is dropped rather
// than failing the page; the default is the first page of 25, newest first (spec 1 §9), pending ones first shown.

export const reviewListPageSize = listPageSizes.standard;
export const reviewSortFields = ['created_at', 'rating', 'status'] as const;

export const reviewListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  sort: z.enum(reviewSortFields).optional().catch(undefined),
  direction: sortDirection.optional().catch(undefined),
  status: z.enum(reviewStatuses).optional().catch(undefined),
});
export type ReviewListSearch = z.infer<typeof reviewListSearch>;

export type ReviewListParams = {
  page: number;
  count: number;
  sortField: (typeof reviewSortFields)[number];
  direction: 'asc' | 'desc';
  status: (typeof reviewStatuses)[number] | null;
};

export function toReviewListParams(search: ReviewListSearch): ReviewListParams {
  return { page: search.page ?? 1, count: reviewListPageSize, sortField: search.sort ?? 'created_at', direction: search.direction ?? 'desc', status: search.status ?? null };
}
