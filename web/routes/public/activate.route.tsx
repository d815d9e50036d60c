import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { publicRoute } from '../public';
import { lazyPage } from '../../lib/lazy-page';

/** The activation link of the e-mail (spec 2 §4): confirms the address as soon as it opens. */
export const activateRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/activate',
  validateSearch: z.object({ code: z.string().max(2000).optional().catch(undefined) }),
  component: lazyPage(() => import('./activate'), 'ActivatePage'),
});
