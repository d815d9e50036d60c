import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { postView } from '../../../../contracts/post';
import { apiFetch } from '../../../lib/api-fetch';
import { postKeys } from './post-keys';

/** `GET /v4/posts/{id}`: the post with every part (its owner or an admin; others get 404). */
export function getPost(uuid: string, signal?: AbortSignal) {
  return apiFetch(`/v4/posts/${encodeURIComponent(uuid)}`, { schema: postView, signal });
}

export function postQueryOptions(uuid: string) {
  return queryOptions({ queryKey: postKeys.detail(uuid), queryFn: ({ signal }) => getPost(uuid, signal) });
}

export function usePost(uuid: string) {
  return useSuspenseQuery(postQueryOptions(uuid));
}
