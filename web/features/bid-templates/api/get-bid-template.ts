import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bidTemplateView } from '../../../../contracts/bid-template';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

/** `GET /v4/home_loan_bid_templates/{id}`: the template with its rules and revision. */
export const bidTemplateQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: bidTemplateKeys.detail(uuid),
    queryFn: ({ signal }) => apiFetch(`/v4/home_loan_bid_templates/${encodeURIComponent(uuid)}`, { schema: bidTemplateView, signal }),
  });

export function useBidTemplate(uuid: string) {
  return useSuspenseQuery(bidTemplateQueryOptions(uuid));
}
