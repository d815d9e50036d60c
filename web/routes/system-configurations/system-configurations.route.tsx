import { createRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { TableSkeleton } from '../../components/table-skeleton';
import { anyAdminRoute } from './any-admin';
import { lazyPage } from '../../lib/lazy-page';

/** spec 3 §2 /system-configurations: every setting with its value. */
export const systemConfigurationsRoute = createRoute({
  getParentRoute: () => anyAdminRoute,
  path: '/system-configurations',
  // Imported here, not at the top: the settings' catalogue brings the post's rules, which no first page needs.
  loader: async ({ context }) => {
    const { systemConfigurationsQueryOptions } = await import('../../features/system-configurations/api/system-configurations');
    return context.queryClient.fetchQuery(systemConfigurationsQueryOptions);
  },
  pendingComponent: () => (
    <>
      <PageHeader title="System Configurations" crumbs={['System Configurations']} />
      <TableSkeleton label="Loading system configurations" rows={6} columns={[{ h: 12, flex: 1 }, { h: 12, flex: 2 }, { h: 12, w: 80 }]} />
    </>
  ),
  errorComponent: RouteError,
  component: lazyPage(() => import('./system-configurations'), 'SystemConfigurationsPage'),
});
