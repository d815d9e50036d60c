import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { bidTemplateList } from '../../../../contracts/bid-template';
import type { AutoBiddingStatus } from '../../../../domain/bid-template/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

/** spec 3 §2 "List screen": 25 a page, newest first, filtered by provider, organisation and auto-bidding status. */
export type BidTemplateListParams = {
  page: number;
  count: number;
  filter: { fsp_user_uuid?: string; organisation_uuid?: string; auto_bidding?: AutoBiddingStatus };
};

/** `GET /v4/home_loan_bid_templates?page=1&count=25&sorting[created_at]=desc&filter[organisation_uuid]=…`. */
export function bidTemplateListPath({ page, count, filter }: BidTemplateListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count), 'sorting[created_at]': 'desc' });
  for (const [field, value] of Object.entries(filter)) if (value) query.set(`filter[${field}]`, value);
  return `/v4/home_loan_bid_templates?${query.toString()}`;
}

export function bidTemplatesQueryOptions(params: BidTemplateListParams) {
  return queryOptions({
    queryKey: bidTemplateKeys.list(params),
    queryFn: ({ signal }) => apiFetch(bidTemplateListPath(params), { schema: bidTemplateList, signal }),
  });
}

export function useBidTemplates(params: BidTemplateListParams) {
  return useSuspenseQuery(bidTemplatesQueryOptions(params));
}
