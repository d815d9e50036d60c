import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { dealView } from '../../../../contracts/deal';
import { apiFetch } from '../../../lib/api-fetch';
import { dealKeys } from './deal-keys';

/** `GET /v1/deals/{id}`: activities, bid, contact preference, provider; the customer when the caller may see them. */
export function dealQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: dealKeys.detail(uuid),
    queryFn: ({ signal }) => apiFetch(`/v1/deals/${encodeURIComponent(uuid)}`, { schema: dealView, signal }),
  });
}

export function useDeal(uuid: string) {
  return useSuspenseQuery(dealQueryOptions(uuid));
}
