import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { publicRoute } from '../public';
import { lazyPage } from '../../lib/lazy-page';

/** Send the activation e-mail again (spec 2 §2 "resend-activation", optional `email`). */
export const resendActivationRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/resend-activation',
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
  component: lazyPage(() => import('./resend-activation'), 'ResendActivationPage'),
});
