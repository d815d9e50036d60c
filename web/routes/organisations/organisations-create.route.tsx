import { createRoute } from '@tanstack/react-router';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

export const organisationsCreateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/organisations/create',
  component: lazyPage(() => import('./organisations-create'), 'CreateOrganisationPage'),
});
