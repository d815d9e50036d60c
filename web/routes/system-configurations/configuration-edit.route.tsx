import { createRoute, redirect } from '@tanstack/react-router';
import { findSystemConfiguration } from '../../../domain/system-configuration/catalogue';
import { RouteError } from '../../components/route-error';
import { systemConfigurationsQueryOptions } from '../../features/system-configurations/api/system-configurations';
import { anyAdminRoute } from './any-admin';
import { lazyPage } from '../../lib/lazy-page';

/** spec 3 §2 /configurations/{key}/edit: an unknown key returns to the list ("If none was passed in…"). */
export const configurationEditRoute = createRoute({
  getParentRoute: () => anyAdminRoute,
  path: '/configurations/$key/edit',
  beforeLoad: ({ params }) => {
    if (findSystemConfiguration(params.key)?.key !== params.key) throw redirect({ to: '/system-configurations', replace: true });
  },
  loader: ({ context }) => context.queryClient.fetchQuery(systemConfigurationsQueryOptions),
  errorComponent: RouteError,
  component: lazyPage(() => import('./configuration-edit'), 'EditConfigurationPage'),
});
