import { createRoute, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { Maintenance } from '../components/maintenance';
import { sameSitePath } from '../lib/same-site-path';
import { rootRoute } from './root';

export const maintenancePageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/maintenance-page',
  validateSearch: z.object({ from: sameSitePath }),
  component: MaintenancePage,
});

function MaintenancePage() {
  const { from } = maintenancePageRoute.useSearch();
  const router = useRouter();
  // Going back re-runs the page's loaders; if the API still answers 503 it comes straight back here.
  return <Maintenance onRetry={() => router.history.push(from ?? '/')} />;
}
