import type { BidListParams } from './list-bids';

// Hierarchical query keys (STYLE.md "Web"): a change to a bid invalidates ['bids', 'list'] (every page and filter)
// and the bid itself; the post a bid is on is read under ['bids', 'post', uuid] since features do not share keys.
export const bidKeys = {
  all: ['bids'] as const,
  lists: () => ['bids', 'list'] as const,
  list: (params: BidListParams) => ['bids', 'list', params] as const,
  detail: (uuid: string) => ['bids', uuid] as const,
  post: (postUuid: string) => ['bids', 'post', postUuid] as const,
};
