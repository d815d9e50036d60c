import { queryOptions, useQuery } from '@tanstack/react-query';
import { dealHistoryView } from '../../../../contracts/deal';
import { apiFetch } from '../../../lib/api-fetch';
import { dealKeys } from './deal-keys';

/** `GET /v1/deals/{id}/history` (admins): every event of the deal, who and when. */
export function useDealHistory(uuid: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: dealKeys.history(uuid),
      queryFn: ({ signal }) => apiFetch(`/v1/deals/${encodeURIComponent(uuid)}/history`, { schema: dealHistoryView, signal }),
      enabled,
    }),
  );
}
