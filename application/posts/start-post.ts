import type { NewPost } from '../../domain/post/schemas';
import { findActiveCampaignBySlug } from '../../projections/campaigns/queries';
import type { PostRequester } from './post-caller';
import { type PostCommandDependencies, type PostCommandResult, runPostCommand } from './run-post-command';

/**
 * Starts a pending post of the caller for a product (spec 2 §7 "Post creation"); the new post's id comes back. A
 * campaign slug (`/create-post?slug=`) attaches the post to that campaign when it is active; an unknown or inactive
 * one attaches nothing and the post goes on (docs/campaigns.md).
 */
export async function startPost(
  deps: PostCommandDependencies,
  requester: PostRequester,
  input: { productId: string; post: NewPost },
): Promise<PostCommandResult & { postId: string }> {
  const postId = deps.ids.uuid();
  const { urgency, campaign_slug } = input.post;
  const campaign = campaign_slug ? await findActiveCampaignBySlug(deps.db, campaign_slug) : undefined;
  const result = await runPostCommand(deps, requester, postId, {
    type: 'StartPost',
    data: {
      post_id: postId,
      owner_id: requester.caller.userId,
      product_id: input.productId,
      origin: 'auction',
      urgency: urgency ?? null,
      campaign_slug: campaign?.slug ?? null,
      campaign_id: campaign?.uuid ?? null,
    },
  });
  return { ...result, postId };
}
