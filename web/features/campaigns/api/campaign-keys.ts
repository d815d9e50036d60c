import type { CampaignListParams } from './list-campaigns';

// Hierarchical query keys: invalidating ['campaigns', 'list'] refreshes every page of the list; a campaign's posts
// sit under its detail key, so refreshing a campaign refreshes them too.
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => ['campaigns', 'list'] as const,
  list: (params: CampaignListParams) => ['campaigns', 'list', params] as const,
  detail: (uuid: string) => ['campaigns', uuid] as const,
  posts: (uuid: string, page: number) => ['campaigns', uuid, 'posts', page] as const,
};
