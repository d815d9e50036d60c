import { createRoute, redirect } from '@tanstack/react-router';
import { isAdministrator, sessionQuery } from '../../lib/session';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

export const postsRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/posts',
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (session.user.user_type === 'fsp' || (session.user.user_type === 'admin' && !isAdministrator(session))) throw redirect({ to: '/home' });
  },
  component: lazyPage(() => import('./posts'), 'PostsPage'),
});
