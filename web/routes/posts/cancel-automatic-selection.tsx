import { createRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { linkUpdateTypes } from '../../features/posts/api/update-post-by-link';
import { PostUpdateByLink } from '../../features/posts/components/post-update-by-link';
import { emailLinkRoute, emailLinkSearch } from '../email-link';

// spec 1 §2 "/cancel-automatic-selection/{post_uuid}/{update_type}": the owner's e-mail link; `update_type` names the update
// (cancel_automatic_selection unless it names the other one), so one link shape serves both mails.

const postUuid = z.uuid();
const updateType = z.enum(linkUpdateTypes).catch('cancel_automatic_selection');

export const cancelAutomaticSelectionRoute = createRoute({
  getParentRoute: () => emailLinkRoute,
  validateSearch: emailLinkSearch,
  path: '/cancel-automatic-selection/$postUuid/$updateType',
  beforeLoad: ({ params }) => {
    if (!postUuid.safeParse(params.postUuid).success) throw notFound();
  },
  component: CancelAutomaticSelectionPage,
});

function CancelAutomaticSelectionPage() {
  const { postUuid, updateType: type } = cancelAutomaticSelectionRoute.useParams();
  const { token } = cancelAutomaticSelectionRoute.useSearch();
  return <PostUpdateByLink postUuid={postUuid} updateType={updateType.parse(type)} token={token} />;
}
