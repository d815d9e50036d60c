import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postView } from '../../../../contracts/post';
import { apiFetch } from '../../../lib/api-fetch';
import { postKeys } from './post-keys';

// The post updates of the e-mail links (spec 1 §2 "/extend-review-period/{post_uuid}/{update_type}", §4): with the
// link's signed `token`, `POST /v2/posts/{id}/email_link` (no log-in needed, docs/trade-mail.md); without one,
// `PATCH /v2/posts/{id}` with the operation, as the logged-in owner.

export const linkUpdateTypes = ['extend_review_period', 'cancel_automatic_selection'] as const;
export type LinkUpdateType = (typeof linkUpdateTypes)[number];

export function updatePostByLink(uuid: string, operation: LinkUpdateType, token?: string) {
  const path = `/v2/posts/${encodeURIComponent(uuid)}`;
  if (token) return apiFetch(`${path}/email_link`, { method: 'POST', body: { operation, token }, schema: postView });
  return apiFetch(path, { method: 'PATCH', body: { operation }, schema: postView });
}

export function useUpdatePostByLink(uuid: string, token?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operation: LinkUpdateType) => updatePostByLink(uuid, operation, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.detail(uuid) }),
  });
}
