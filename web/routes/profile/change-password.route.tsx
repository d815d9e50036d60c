import { createRoute } from '@tanstack/react-router';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

/** spec 1 §2 "/change-password". */
export const changePasswordRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/change-password',
  component: lazyPage(() => import('./change-password'), 'ChangePasswordPage'),
});
