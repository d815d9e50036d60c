import { createRoute } from '@tanstack/react-router';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

export const usersAdminCreateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/users/admin/create',
  component: lazyPage(() => import('./users-admin-create'), 'CreateAdminPage'),
});
