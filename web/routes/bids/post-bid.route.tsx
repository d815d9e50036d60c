import { createRoute, redirect } from '@tanstack/react-router';
import { PostNotFound } from '../../components/post-not-found';
import { RouteError } from '../../components/route-error';
import { privateRoute } from '../private';
import { loadBidPost } from './load-bid-post';
import { lazyPage } from '../../lib/lazy-page';

export const postBidRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/post/$uuid/bid',
  beforeLoad: ({ context }) => {
    if (context.session.user.user_type !== 'fsp') throw redirect({ to: '/home', replace: true });
  },
  loader: ({ context, params }) => loadBidPost(context.queryClient, params.uuid),
  notFoundComponent: PostNotFound,
  errorComponent: RouteError,
  component: lazyPage(() => import('./post-bid'), 'PostBidPage'),
});
