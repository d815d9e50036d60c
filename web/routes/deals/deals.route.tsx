import { createRoute } from '@tanstack/react-router';
import { dealFilterSearch } from '../../features/deals/deal-filters';
import { privateRoute } from '../private';
import { assertDealViewer } from './deals-access';
import { lazyPage } from '../../lib/lazy-page';

export const dealsRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/deals',
  validateSearch: dealFilterSearch,
  beforeLoad: ({ context }) => assertDealViewer(context.session),
  component: lazyPage(() => import('./deals'), 'DealsBoardPage'),
});
