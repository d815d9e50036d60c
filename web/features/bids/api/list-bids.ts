import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { BidStatus } from '../../../../domain/bid/schemas';
import { bidView } from '../../../../contracts/bid';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { bidKeys } from './bid-keys';

/** `scope` all: every bid (admins, `GET /v5/home_loan_bids`); own: the provider's (and with view_all_within_organisation, the organisation's). */
export type BidListParams = { scope: 'own' | 'all'; page: number; count: number; direction: 'asc' | 'desc'; status?: BidStatus };

const bidList = listResultSchema(bidView);

export function bidListPath({ scope, page, count, direction, status }: BidListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count), 'sorting[created_at]': direction });
  if (status) query.set('filter[status]', status);
  return `${scope === 'all' ? '/v5' : '/v4'}/home_loan_bids?${query.toString()}`;
}

export function bidsQueryOptions(params: BidListParams) {
  return queryOptions({
    queryKey: bidKeys.list(params),
    queryFn: ({ signal }) => apiFetch(bidListPath(params), { schema: bidList, signal }),
  });
}

export function useBids(params: BidListParams) {
  return useSuspenseQuery(bidsQueryOptions(params));
}
