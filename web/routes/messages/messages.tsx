import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { InboxScreen } from '../../features/messages/components/inbox-screen';
import { privateRoute } from '../private';

// spec 1 §2 "/messages": the chat inbox for customers, providers and admins (docs/messages.md).

export const messagesRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/messages',
  validateSearch: z.object({ page: z.coerce.number().int().min(1).catch(1).optional() }),
  errorComponent: RouteError,
  component: MessagesPage,
});

function MessagesPage() {
  const { page = 1 } = messagesRoute.useSearch();
  const navigate = messagesRoute.useNavigate();
  return <InboxScreen page={page} onPage={(next) => void navigate({ search: { page: next } })} />;
}
