import type { NewPost } from '../../domain/post/schemas';
import type { PostRequester } from './post-caller';
import { type PostCommandDependencies, type PostCommandResult, runPostCommand } from './run-post-command';

/** Starts a pending post of the caller for a product (spec 2 §7 "Post creation"); the new post's id comes back. */
export async function startPost(
  deps: PostCommandDependencies,
  requester: PostRequester,
  input: { productId: string; post: NewPost },
): Promise<PostCommandResult & { postId: string }> {
  const postId = deps.ids.uuid();
  const { urgency, campaign_slug } = input.post;
  const result = await runPostCommand(deps, requester, postId, {
    type: 'StartPost',
    data: { post_id: postId, owner_id: requester.caller.userId, product_id: input.productId, origin: 'auction', urgency: urgency ?? null, campaign_slug: campaign_slug ?? null },
  });
  return { ...result, postId };
}
