import { createRoute, redirect } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { postBidsQueryOptions } from '../../features/post-detail/api/get-post-bids';
import { PostNotFound } from '../../components/post-not-found';
import { loadPostDetail } from '../../features/post-detail/load-post-detail';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

export const getDealRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/post/$uuid/get-deal/$bidUuid',
  beforeLoad: ({ context, params }) => {
    if (context.session.user.user_type === 'fsp') throw redirect({ to: '/post/$uuid', params: { uuid: params.uuid }, replace: true });
  },
  loader: async ({ context, params }) => {
    await loadPostDetail(context.queryClient, params.uuid);
    // The dialog needs the bid: the post's bids must be readable here.
    await context.queryClient.fetchQuery(postBidsQueryOptions(params.uuid));
  },
  notFoundComponent: PostNotFound,
  errorComponent: RouteError,
  component: lazyPage(() => import('./get-deal'), 'GetDealPage'),
});
