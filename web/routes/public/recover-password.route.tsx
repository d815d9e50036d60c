import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { publicRoute } from '../public';
import { lazyPage } from '../../lib/lazy-page';

/** Password recovery (spec 2 §2 "recover-password"): ask for a link by e-mail; the link (`?token=`) sets a new password. */
export const recoverPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/recover-password',
  validateSearch: z.object({ token: z.string().max(2000).optional().catch(undefined) }),
  component: lazyPage(() => import('./recover-password'), 'RecoverPasswordPage'),
});
