import { z } from 'zod';
import { linkUpdateTypes } from '../../features/posts/api/update-post-by-link';
import { PostUpdateByLink } from '../../features/posts/components/post-update-by-link';
import { extendReviewPeriodRoute } from './extend-review-period.route';

// spec 1 §2 "/extend-review-period/{post_uuid}/{update_type}": the owner's e-mail link; `update_type` names the update
// (extend_review_period unless it names the other one), so one link shape serves both mails.

const updateType = z.enum(linkUpdateTypes).catch('extend_review_period');

export function ExtendReviewPeriodPage() {
  const { postUuid, updateType: type } = extendReviewPeriodRoute.useParams();
  const { token } = extendReviewPeriodRoute.useSearch();
  return <PostUpdateByLink postUuid={postUuid} updateType={updateType.parse(type)} token={token} />;
}
