import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { outboxMessagesQueryOptions } from '../../features/outbox/api/list-outbox-messages';
import { mailboxSearch, toListParams } from '../../features/outbox/mailbox-search';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

// The admin mailbox (docs/mail.md): every e-mail and SMS in the outbox. Without SMTP_URL this is where a person
// trying the product reads the activation mail.
export const mailboxRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/mailbox',
  validateSearch: mailboxSearch,
  loaderDeps: ({ search }) => toListParams(search),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(outboxMessagesQueryOptions(deps)),
  pendingComponent: lazyPage(() => import('./mailbox'), 'MailboxPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./mailbox'), 'MailboxPage'),
});
