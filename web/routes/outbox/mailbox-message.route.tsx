import { createRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { AnchorLink } from '../../components/router-link';
import { MessageNotFound } from '../../features/outbox/components/message-not-found';
import { adminRoute } from '../admin';
import { loadOutboxMessage } from './load-outbox-message';
import { lazyPage } from '../../lib/lazy-page';

export const mailboxCrumb = (
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
  component: lazyPage(() => import('./mailbox-message'), 'MailboxMessagePage'),
});
