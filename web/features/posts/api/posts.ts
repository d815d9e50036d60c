import { useMutation, useQueryClient } from '@tanstack/react-query';
import { homeLoanProduct } from '../../../../domain/product/products';
import type { NewPost, PostChanges, PostSortKey } from '../../../../domain/post/schemas';
import { postView } from '../../../../domain/post/views';
import { apiFetch } from '../../../lib/api-fetch';
import { postKeys, usePostMutation } from './post-keys';

// The post's own calls (spec 2 §7 "Post creation"). The product is always home loans (domain/product/products.ts).

/** `POST /v2/products/{id}/posts {post}`: a pending post of the logged-in customer. */
export function createPost(post: NewPost = {}) {
  return apiFetch(`/v2/products/${homeLoanProduct.uuid}/posts`, { method: 'POST', body: { post }, schema: postView });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => queryClient.setQueryData(postKeys.detail(post.uuid), post),
  });
}

const patchPost = (uuid: string, body: object) => apiFetch(`/v2/posts/${encodeURIComponent(uuid)}`, { method: 'PATCH', body, schema: postView });

/** `operation: update`: the post's own fields (urgency). */
export const updatePost = (uuid: string, post: PostChanges) => patchPost(uuid, { operation: 'update', post });
/** `operation: validate`: publishes a complete post (422 with the field errors otherwise); the customer becomes active. */
export const validatePost = (uuid: string) => patchPost(uuid, { operation: 'validate' });
/** `operation: cancel` with the reason (spec 1 §5). */
export const cancelPost = (uuid: string, reason: string) => patchPost(uuid, { operation: 'cancel', reason });
/** `operation: request_update` with the customer's message. */
export const requestPostUpdate = (uuid: string, message: string) => patchPost(uuid, { operation: 'request_update', message });
/**
 * `operation: edit`: several part changes decided as one (the post edit screen's save); a field error is named
 * `changes.<index>.<wrapper>.<field>`. The change's shape is web/features/posts/edit/people-form.ts's `PostEditChange`.
 */
export const editPost = (uuid: string, changes: readonly object[]) => patchPost(uuid, { operation: 'edit', changes });
/** `operation: set_sort`: how the bids are ordered. */
export const setPostSort = (uuid: string, sortBy: PostSortKey) => patchPost(uuid, { operation: 'set_sort', sort_by: sortBy });

export const useUpdatePost = (uuid: string) => usePostMutation(uuid, (post: PostChanges) => updatePost(uuid, post));
export const useValidatePost = (uuid: string) => usePostMutation(uuid, () => validatePost(uuid));
export const useCancelPost = (uuid: string) => usePostMutation(uuid, (reason: string) => cancelPost(uuid, reason));

/** `DELETE /v1/posts/{id}`: the reset of the wizard; the pending post is cancelled (docs/api.md "Posts"). */
export function deletePost(uuid: string) {
  return apiFetch(`/v1/posts/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
}

/** `POST /v3/posts/{id}/clones`: a pending copy of the post, with new ids for every part. */
export function clonePost(uuid: string) {
  return apiFetch(`/v3/posts/${encodeURIComponent(uuid)}/clones`, { method: 'POST', body: {}, schema: postView });
}

/** `PATCH /v2/users/{uuid} {operation: 'resend_incomplete_post_link', post_uuid}`: e-mails a link to resume the post. */
export function resendIncompletePostLink(userUuid: string, postUuid: string) {
  return apiFetch(`/v2/users/${encodeURIComponent(userUuid)}`, { method: 'PATCH', body: { operation: 'resend_incomplete_post_link', post_uuid: postUuid } });
}
