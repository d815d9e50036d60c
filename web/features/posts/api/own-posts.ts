import { queryOptions } from '@tanstack/react-query';
import { ownPostView } from '../../../../domain/post/own-posts';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { postKeys } from './post-keys';

const ownPosts = listResultSchema(ownPostView);

/** `GET /v1/users/posts`: the logged-in customer's posts, newest first (customers, the one still creating included). */
export function getOwnPosts(query: { status?: 'pending' | 'active'; count?: number } = {}, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.status) params.set('filter[status]', query.status);
  if (query.count) params.set('count', String(query.count));
  const search = params.toString();
  return apiFetch(`/v1/users/posts${search ? `?${search}` : ''}`, { schema: ownPosts, signal });
}

/** The newest post a customer can still edit (pending or active): the dashboard's "Edit my post". */
export const newestEditablePostQuery = queryOptions({
  queryKey: [...postKeys.all, 'own', 'newest-editable'] as const,
  queryFn: async ({ signal }) => {
    const { result } = await getOwnPosts({ count: 10 }, signal);
    return result.find((post) => post.status === 'pending' || post.status === 'active') ?? null;
  },
});

/** The newest draft (pending) post: what a customer still creating the first post continues. */
export const newestPendingPostQuery = queryOptions({
  queryKey: [...postKeys.all, 'own', 'newest-pending'] as const,
  queryFn: async ({ signal }) => (await getOwnPosts({ status: 'pending', count: 1 }, signal)).result[0] ?? null,
});
