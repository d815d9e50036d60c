import type { DealStage } from '../../../../domain/deal/stages';
import type { DealFilter } from '../deal-filters';

// Hierarchical query keys (STYLE.md "Web"): an activity invalidates ['deals', 'list'] (every column and filter),
// the deal itself, its history and the provider's limits.
export const dealKeys = {
  all: ['deals'] as const,
  lists: () => ['deals', 'list'] as const,
  // The preset is left out: choosing 'Custom range' over the same days asks nothing new.
  list: ({ preset: _preset, ...filter }: DealFilter, stages: readonly DealStage[]) => ['deals', 'list', filter, stages] as const,
  detail: (uuid: string) => ['deals', uuid] as const,
  history: (uuid: string) => ['deals', uuid, 'history'] as const,
  limits: () => ['deals', 'bidding-limits'] as const,
  biddingLimits: (providerUuid: string) => ['deals', 'bidding-limits', providerUuid] as const,
  provider: (uuid: string) => ['deals', 'provider', uuid] as const,
  organisation: (uuid: string) => ['deals', 'organisation', uuid] as const,
  options: (kind: 'providers' | 'organisations', search: string) => ['deals', 'options', kind, search] as const,
};
