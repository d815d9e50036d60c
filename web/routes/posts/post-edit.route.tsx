import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { PostNotFound } from '../../components/post-not-found';
import { RouteError } from '../../components/route-error';
import { postQueryOptions } from '../../features/posts/api/get-post';
import { isApiError } from '../../lib/api-error';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

const postUuid = z.uuid();

export const postEditRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/post/$uuid/edit',
  beforeLoad: ({ context }) => {
    if (context.session.user.user_type !== 'customer') throw redirect({ to: '/home', replace: true });
  },
  loader: async ({ context, params }) => {
    if (!postUuid.safeParse(params.uuid).success) throw notFound();
    try {
      // fetchQuery rather than ensureQueryData: the page must not start its forms from an old copy of the post.
      await context.queryClient.fetchQuery(postQueryOptions(params.uuid));
    } catch (error) {
      if (isApiError(error, 404)) throw notFound();
      throw error;
    }
  },
  notFoundComponent: PostNotFound,
  errorComponent: RouteError,
  component: lazyPage(() => import('./post-edit'), 'PostEditPage'),
});
