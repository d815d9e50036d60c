import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { organisationsQueryOptions } from '../../features/organisations/api/list-organisations';
import { organisationListSearch, toListParams } from '../../features/organisations/organisation-list-search';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

export const organisationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/organisations',
  validateSearch: organisationListSearch,
  loaderDeps: ({ search }) => toListParams(search),
  // fetchQuery rather than ensureQueryData: a list invalidated by a change is fetched again before it is shown,
  // so a removed or renamed organisation never flashes in its old state.
  loader: ({ context, deps }) => context.queryClient.fetchQuery(organisationsQueryOptions(deps)),
  pendingComponent: lazyPage(() => import('./organisations'), 'OrganisationsPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./organisations'), 'OrganisationsPage'),
});
