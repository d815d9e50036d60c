import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { PostNotFound } from '../../components/post-not-found';
import { loadPostDetail } from '../../features/post-detail/load-post-detail';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

export const postDetailRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/post/$uuid',
  loader: ({ context, params }) => loadPostDetail(context.queryClient, params.uuid),
  notFoundComponent: PostNotFound,
  errorComponent: RouteError,
  component: lazyPage(() => import('./post-detail'), 'PostDetailPage'),
});
