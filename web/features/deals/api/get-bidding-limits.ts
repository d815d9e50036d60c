import { useQuery } from '@tanstack/react-query';
import { biddingLimitsView } from '../../../../contracts/deal';
import { apiFetch } from '../../../lib/api-fetch';
import { dealKeys } from './deal-keys';

/** `GET /v1/fsps/{id}/bidding_limits`: the provider's accepted and contacted deals against its limits. */
export function useBiddingLimits(providerUuid: string) {
  return useQuery({
    queryKey: dealKeys.biddingLimits(providerUuid),
    queryFn: ({ signal }) => apiFetch(`/v1/fsps/${encodeURIComponent(providerUuid)}/bidding_limits`, { schema: biddingLimitsView, signal }),
  });
}
