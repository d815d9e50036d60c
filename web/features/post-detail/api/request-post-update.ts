import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postView } from '../../../../contracts/post';
import { apiFetch } from '../../../lib/api-fetch';

/** `PATCH /v2/posts/{id}` `operation: request_update` (spec 2 §4): the owner asks for a change; the providers are e-mailed. */
export function useRequestPostUpdate(postUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiFetch(`/v2/posts/${encodeURIComponent(postUuid)}`, { method: 'PATCH', body: { operation: 'request_update', message }, schema: postView }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts', postUuid] }),
  });
}
