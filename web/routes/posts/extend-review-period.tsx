import { createRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { linkUpdateTypes } from '../../features/posts/api/update-post-by-link';
import { PostUpdateByLink } from '../../features/posts/components/post-update-by-link';
import { emailLinkRoute, emailLinkSearch } from '../email-link';

// spec 1 §2 "/extend-review-period/{post_uuid}/{update_type}": the owner's e-mail link; `update_type` names the update
// (extend_review_period unless it names the other one), so one link shape serves both mails.

const postUuid = z.uuid();
const updateType = z.enum(linkUpdateTypes).catch('extend_review_period');

export const extendReviewPeriodRoute = createRoute({
  getParentRoute: () => emailLinkRoute,
  validateSearch: emailLinkSearch,
  path: '/extend-review-period/$postUuid/$updateType',
  beforeLoad: ({ params }) => {
    if (!postUuid.safeParse(params.postUuid).success) throw notFound();
  },
  component: ExtendReviewPeriodPage,
});

function ExtendReviewPeriodPage() {
  const { postUuid, updateType: type } = extendReviewPeriodRoute.useParams();
  const { token } = extendReviewPeriodRoute.useSearch();
  return <PostUpdateByLink postUuid={postUuid} updateType={updateType.parse(type)} token={token} />;
}
