import { createRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { emailLinkRoute, emailLinkSearch } from '../email-link';
import { lazyPage } from '../../lib/lazy-page';

const postUuid = z.uuid();
export const cancelAutomaticSelectionRoute = createRoute({
  getParentRoute: () => emailLinkRoute,
  validateSearch: emailLinkSearch,
  path: '/cancel-automatic-selection/$postUuid/$updateType',
  beforeLoad: ({ params }) => {
    if (!postUuid.safeParse(params.postUuid).success) throw notFound();
  },
  component: lazyPage(() => import('./cancel-automatic-selection'), 'CancelAutomaticSelectionPage'),
});
