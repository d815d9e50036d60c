import { PostMessagesScreen } from '../../features/messages/components/post-messages-screen';
import { postMessagesRoute } from './post-messages.route';

// spec 1 §2 "/posts/{postUuid}/messages": the chat of a post; `conversation` picks one when there are several.

export function PostMessagesPage() {
  const { postUuid } = postMessagesRoute.useParams();
  const { conversation } = postMessagesRoute.useSearch();
  const navigate = postMessagesRoute.useNavigate();
  return <PostMessagesScreen postUuid={postUuid} conversationUuid={conversation} onPick={(uuid) => void navigate({ search: { conversation: uuid }, replace: true })} />;
}
