import { createRoute, redirect } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import type { BidListParams } from '../../features/bids/api/list-bids';
import { bidsQueryOptions } from '../../features/bids/api/list-bids';
import { bidListSearch, toBidListParams } from '../../features/bids/bid-list-search';
import { isAdministrator, type Session } from '../../lib/session';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

export const scopeOf = (session: Session): BidListParams['scope'] => (session.user.user_type === 'admin' ? 'all' : 'own');

export const bidsRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/bids',
  validateSearch: bidListSearch,
  beforeLoad: ({ context }) => {
    const { session } = context;
    const allowed = session.user.user_type === 'fsp' || isAdministrator(session);
    if (!allowed) throw redirect({ to: '/home', replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.fetchQuery(bidsQueryOptions(toBidListParams(deps, scopeOf(context.session)))),
  pendingComponent: lazyPage(() => import('./bids'), 'BidsPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./bids'), 'BidsPage'),
});
