import { createRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { AnchorLink } from '../../components/router-link';
import { useOutboxMessage } from '../../features/outbox/api/get-outbox-message';
import { messageTitle } from '../../features/outbox/components/mailbox-table';
import { MessageDetails } from '../../features/outbox/components/message-details';
import { MessageNotFound } from '../../features/outbox/components/message-not-found';
import { adminRoute } from '../admin';
import { loadOutboxMessage } from './load-outbox-message';

const mailboxCrumb = (
  <AnchorLink to="/mailbox" size="sm">
    Mailbox
  </AnchorLink>
);

export const mailboxMessageRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/mailbox/$id',
  loader: ({ context, params }) => loadOutboxMessage(context.queryClient, params.id),
  notFoundComponent: () => (
    <>
      <PageHeader title="Message not found" crumbs={[mailboxCrumb, 'Not found']} />
      <MessageNotFound />
    </>
  ),
  errorComponent: RouteError,
  component: MailboxMessagePage,
});

function MailboxMessagePage() {
  const { id } = mailboxMessageRoute.useParams();
  const { data: message } = useOutboxMessage(id);
  const title = messageTitle(message);
  return (
    <>
      <PageHeader title={title} crumbs={[mailboxCrumb, title]} />
      <MessageDetails message={message} />
    </>
  );
}
