import { InboxScreen } from '../../features/messages/components/inbox-screen';
import { messagesRoute } from './messages.route';

// spec 1 §2 "/messages": the chat inbox for customers, providers and admins (docs/messages.md).

export function MessagesPage() {
  const { page = 1 } = messagesRoute.useSearch();
  const navigate = messagesRoute.useNavigate();
  return <InboxScreen page={page} onPage={(next) => void navigate({ search: { page: next } })} />;
}
