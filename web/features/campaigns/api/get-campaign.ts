import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { campaignPostView, campaignsPageSize, campaignView } from '../../../../domain/campaign/schemas';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { campaignKeys } from './campaign-keys';

export function campaignQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(uuid),
    queryFn: ({ signal }) => apiFetch(`/v1/campaigns/${encodeURIComponent(uuid)}`, { schema: campaignView, signal }),
  });
}

export function useCampaign(uuid: string) {
  return useSuspenseQuery(campaignQueryOptions(uuid));
}

const campaignPostList = listResultSchema(campaignPostView);

/** `GET /v1/campaigns/{id}/posts`: the posts started through the campaign's link, newest first. */
export function campaignPostsQueryOptions(uuid: string, page: number) {
  return queryOptions({
    queryKey: campaignKeys.posts(uuid, page),
    queryFn: ({ signal }) => apiFetch(`/v1/campaigns/${encodeURIComponent(uuid)}/posts?page=${page}&count=${campaignsPageSize}`, { schema: campaignPostList, signal }),
  });
}

export function useCampaignPosts(uuid: string, page: number) {
  return useSuspenseQuery(campaignPostsQueryOptions(uuid, page));
}
