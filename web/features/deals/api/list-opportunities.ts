import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { dealSummaryView } from '../../../../contracts/deal';
import type { DealStage } from '../../../../domain/deal/stages';
import { listPageSizes, listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { dealKeys } from './deal-keys';

// Opportunities (docs/leads-and-opportunities.md): the won posts of the auction and their deals, oldest activity
// first, so what waits longest for a next step comes first.

export const opportunitiesPageSize = listPageSizes.standard;

/** Which deals a tab shows. */
export const opportunityViews = {
  open: { label: 'In progress', stages: ['accepted', 'contacted', 'applied', 'on_hold'] },
  settled: { label: 'Settled', stages: ['closed_won'] },
  lost: { label: 'Not proceeding', stages: ['closed_lost'] },
} as const satisfies Record<string, { label: string; stages: readonly DealStage[] }>;
export type OpportunityViewKey = keyof typeof opportunityViews;

export type OpportunityListParams = { page: number; view: OpportunityViewKey; organisation?: string };

const opportunityList = listResultSchema(dealSummaryView);

export function opportunitiesQueryOptions(params: OpportunityListParams) {
  const { stages } = opportunityViews[params.view];
  const query = new URLSearchParams({
    origin: 'auction',
    status: stages.join(','),
    page: String(params.page),
    count: String(opportunitiesPageSize),
    // Open deals: the one waiting longest first; closed ones: the latest first.
    'sorting[last_activity_date]': params.view === 'open' ? 'asc' : 'desc',
  });
  if (params.organisation) query.set('org_uuid', params.organisation);
  return queryOptions({
    queryKey: [...dealKeys.lists(), 'opportunities', params] as const,
    queryFn: ({ signal }) => apiFetch(`/v1/deals?${query.toString()}`, { schema: opportunityList, signal }),
  });
}

export function useOpportunities(params: OpportunityListParams) {
  return useSuspenseQuery(opportunitiesQueryOptions(params));
}
