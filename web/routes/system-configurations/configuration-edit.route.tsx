import { createRoute, redirect } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { anyAdminRoute } from './any-admin';
import { lazyPage } from '../../lib/lazy-page';

/** spec 3 §2 /configurations/{key}/edit: an unknown key returns to the list ("If none was passed in…"). */
export const configurationEditRoute = createRoute({
  getParentRoute: () => anyAdminRoute,
  path: '/configurations/$key/edit',
  // Imported here, not at the top, as below.
  beforeLoad: async ({ params }) => {
    const { findSystemConfiguration } = await import('../../../domain/system-configuration/catalogue');
    if (findSystemConfiguration(params.key)?.key !== params.key) throw redirect({ to: '/system-configurations', replace: true });
  },
  // Imported here, not at the top: the settings' catalogue brings the post's rules, which no first page needs.
  loader: async ({ context }) => {
    const { systemConfigurationsQueryOptions } = await import('../../features/system-configurations/api/system-configurations');
    return context.queryClient.fetchQuery(systemConfigurationsQueryOptions);
  },
  errorComponent: RouteError,
  component: lazyPage(() => import('./configuration-edit'), 'EditConfigurationPage'),
});
