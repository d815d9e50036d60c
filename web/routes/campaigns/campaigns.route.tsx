import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { campaignsQueryOptions } from '../../features/campaigns/api/list-campaigns';
import { campaignListSearch, toCampaignListParams } from '../../features/campaigns/campaign-list-search';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';

export const campaignsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/campaigns',
  validateSearch: campaignListSearch,
  loaderDeps: ({ search }) => toCampaignListParams(search),
  // fetchQuery: a list invalidated by a change is fetched again before it is shown.
  loader: ({ context, deps }) => context.queryClient.fetchQuery(campaignsQueryOptions(deps)),
  pendingComponent: lazyPage(() => import('./campaigns'), 'CampaignsPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./campaigns'), 'CampaignsPage'),
});

export const campaignsCreateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/campaigns/create',
  component: lazyPage(() => import('./campaign-create'), 'CreateCampaignPage'),
});
