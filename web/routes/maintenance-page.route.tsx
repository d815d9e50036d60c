import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { sameSitePath } from '../lib/same-site-path';
import { rootRoute } from './root';
import { lazyPage } from '../lib/lazy-page';

export const maintenancePageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/maintenance-page',
  validateSearch: z.object({ from: sameSitePath }),
  component: lazyPage(() => import('./maintenance-page'), 'MaintenancePage'),
});
