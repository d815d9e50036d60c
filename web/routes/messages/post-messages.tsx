import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { PostMessagesScreen } from '../../features/messages/components/post-messages-screen';
import { privateRoute } from '../private';

// spec 1 §2 "/posts/{postUuid}/messages": the chat of a post; `conversation` picks one when there are several.

export const postMessagesRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/posts/$postUuid/messages',
  validateSearch: z.object({ conversation: z.uuid().optional().catch(undefined) }),
  errorComponent: RouteError,
  component: PostMessagesPage,
});

function PostMessagesPage() {
  const { postUuid } = postMessagesRoute.useParams();
  const { conversation } = postMessagesRoute.useSearch();
  const navigate = postMessagesRoute.useNavigate();
  return <PostMessagesScreen postUuid={postUuid} conversationUuid={conversation} onPick={(uuid) => void navigate({ search: { conversation: uuid }, replace: true })} />;
}
