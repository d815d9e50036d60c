import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { adminRoute } from '../admin';
import { loadUser } from './load-user';
import { UserNotFoundPage } from './user-not-found-page';
import { lazyPage } from '../../lib/lazy-page';

export const userRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/user/$uuid',
  loader: ({ context, params }) => loadUser(context.queryClient, params.uuid),
  notFoundComponent: UserNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./user'), 'UserPage'),
});
