import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { reviewsQueryOptions } from '../../features/reviews/api/list-reviews';
import { reviewListSearch, toReviewListParams } from '../../features/reviews/review-list-search';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

export const reviewsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/reviews',
  validateSearch: reviewListSearch,
  loaderDeps: ({ search }) => toReviewListParams(search),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(reviewsQueryOptions(deps)),
  pendingComponent: lazyPage(() => import('./reviews'), 'ReviewsPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./reviews'), 'ReviewsPage'),
});
