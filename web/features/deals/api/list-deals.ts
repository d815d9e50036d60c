import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DealStage } from '../../../../domain/deal/stages';
import { dealSummaryView } from '../../../../contracts/deal';
import { listPageSizes, listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { type DealFilter, dealListPath } from '../deal-filters';
import { dealKeys } from './deal-keys';

/** A board column shows 25 deals and loads 25 more on demand (spec 1 §9 page size). */
export const dealsPageSize = listPageSizes.standard;

const dealList = listResultSchema(dealSummaryView);

/** `GET /v1/deals?status=…`: one column of the board (or the lost view) under the filter, page after page. */
export function dealsQueryOptions(filter: DealFilter, stages: readonly DealStage[]) {
  return infiniteQueryOptions({
    queryKey: dealKeys.list(filter, stages),
    queryFn: ({ pageParam, signal }) => apiFetch(dealListPath(filter, stages, pageParam, dealsPageSize), { schema: dealList, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * dealsPageSize < last.total_records ? pages.length + 1 : undefined),
  });
}

/** `enabled` false holds the loading while the filter form is invalid (spec 1 §5). */
export function useDeals(filter: DealFilter, stages: readonly DealStage[], enabled: boolean) {
  return useInfiniteQuery({ ...dealsQueryOptions(filter, stages), enabled });
}
