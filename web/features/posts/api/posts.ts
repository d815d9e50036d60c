import { homeLoanProduct } from '../../../../domain/product/products';
import type { NewPost } from '../../../../domain/post/schemas';
import type { PostChange } from '../../../../contracts/post-operations';
import { postView } from '../../../../contracts/post';
import { apiFetch } from '../../../lib/api-fetch';

// The post's own calls (spec 2 §7 "Post creation"). The product is always home loans (domain/product/products.ts).

/** `POST /v2/products/{id}/posts {post}`: a pending post of the logged-in customer. */
export function createPost(post: NewPost = {}) {
  return apiFetch(`/v2/products/${homeLoanProduct.uuid}/posts`, { method: 'POST', body: { post }, schema: postView });
}

const patchPost = (uuid: string, body: object) => apiFetch(`/v2/posts/${encodeURIComponent(uuid)}`, { method: 'PATCH', body, schema: postView });

/** `operation: validate`: publishes a complete post (422 with the field errors otherwise); the customer becomes active. */
export const validatePost = (uuid: string) => patchPost(uuid, { operation: 'validate' });
/**
 * `operation: edit`: several part changes decided as one (a wizard step, the post edit screen's save), answering the
 * post as saved; a field error is named `changes.<index>.<wrapper>.<field>`. The changes are contracts/post-operations.ts's `PostChange`.
 */
export const editPost = (uuid: string, changes: readonly PostChange[]) => patchPost(uuid, { operation: 'edit', changes });

/** `DELETE /v1/posts/{id}`: the reset of the wizard; the pending post is cancelled (docs/api.md "Posts"). */
export function deletePost(uuid: string) {
  return apiFetch(`/v1/posts/${encodeURIComponent(uuid)}`, { method: 'DELETE' });
}
