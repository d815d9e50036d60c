import { createRoute } from '@tanstack/react-router';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

/** spec 1 §2 "/profile-edit": the logged-in user's own details. */
export const profileEditRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/profile-edit',
  component: lazyPage(() => import('./profile-edit'), 'ProfileEditPage'),
});
