import { z } from 'zod';
import { linkUpdateTypes } from '../../features/posts/api/update-post-by-link';
import { PostUpdateByLink } from '../../features/posts/components/post-update-by-link';
import { cancelAutomaticSelectionRoute } from './cancel-automatic-selection.route';

// spec 1 §2 "/cancel-automatic-selection/{post_uuid}/{update_type}": the owner's e-mail link; `update_type` names the update
// (cancel_automatic_selection unless it names the other one), so one link shape serves both mails.

const updateType = z.enum(linkUpdateTypes).catch('cancel_automatic_selection');

export function CancelAutomaticSelectionPage() {
  const { postUuid, updateType: type } = cancelAutomaticSelectionRoute.useParams();
  const { token } = cancelAutomaticSelectionRoute.useSearch();
  return <PostUpdateByLink postUuid={postUuid} updateType={updateType.parse(type)} token={token} />;
}
