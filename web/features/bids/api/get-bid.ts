import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bidView } from '../../../../contracts/bid';
import { apiFetch } from '../../../lib/api-fetch';
import { bidKeys } from './bid-keys';

/** `GET /v4/home_loan_bids/{id}`: its provider, the organisation's viewers, an admin or the post's customer. */
export function getBid(uuid: string, signal?: AbortSignal) {
  return apiFetch(`/v4/home_loan_bids/${encodeURIComponent(uuid)}`, { schema: bidView, signal });
}

export function bidQueryOptions(uuid: string) {
  return queryOptions({ queryKey: bidKeys.detail(uuid), queryFn: ({ signal }) => getBid(uuid, signal) });
}

export function useBid(uuid: string) {
  return useSuspenseQuery(bidQueryOptions(uuid));
}
