import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { publicRoute } from '../public';
import { lazyPage } from '../../lib/lazy-page';

/** After sign-up (spec 2 §2 "signup-success"): check your e-mail, or ask for the mail again. */
export const signupSuccessRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/signup-success',
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined) }),
  component: lazyPage(() => import('./signup-success'), 'SignupSuccessPage'),
});
