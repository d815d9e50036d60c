import { createRoute } from '@tanstack/react-router';
import { emailLinkRoute, emailLinkSearch } from '../email-link';
import { lazyPage } from '../../lib/lazy-page';

export const connectMeRoute = createRoute({
  getParentRoute: () => emailLinkRoute,
  validateSearch: emailLinkSearch,
  path: '/connect-me/$postUuid/$bidUuid',
  component: lazyPage(() => import('./connect-me'), 'ConnectMePage'),
});
