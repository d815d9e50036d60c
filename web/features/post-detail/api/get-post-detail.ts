import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { postReadingView } from '../../../../contracts/provider-post';
import { apiFetch } from '../../../lib/api-fetch';
import { postDetailKeys } from './post-detail-keys';

/**
 * `GET /v4/posts/{id}` as the caller may read it: the whole post for its owner and admins, the provider's reading
 * (personal data only with the winning bid) for providers; 404 for anyone else.
 */
export function postDetailQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: postDetailKeys.reading(uuid),
    queryFn: ({ signal }) => apiFetch(`/v4/posts/${encodeURIComponent(uuid)}`, { schema: postReadingView, signal }),
  });
}

export function usePostDetail(uuid: string) {
  return useSuspenseQuery(postDetailQueryOptions(uuid));
}
