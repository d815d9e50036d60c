import { createRoute } from '@tanstack/react-router';
import { publicRoute } from '../public';
import { lazyPage } from '../../lib/lazy-page';

/** The supplier sign-up form (spec 2 §2 "signup-fsp"): lenders and brokers sign up, then wait for an admin. */
export const signupFspRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/signup-fsp',
  component: lazyPage(() => import('./signup-fsp'), 'SignupFspPage'),
});
