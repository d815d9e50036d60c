import { createRoute, redirect } from '@tanstack/react-router';
import { isApiError } from '../lib/api-error';
import { clearTokens, readTokens } from '../lib/auth-tokens';
import { lazyPage } from '../lib/lazy-page';
import { homeOf, sessionQuery } from '../lib/session';
import { rootRoute } from './root';

/**
 * The signed-in area (spec 1 §2 "Private routes"): without a session the user logs in and comes back here; an
 * approved provider can only complete the profile (spec 2 §4).
 */
export const privateRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  beforeLoad: async ({ context, location }) => {
    const toLogin = () => redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    if (!readTokens()) throw toLogin();
    let session;
    try {
      session = await context.queryClient.ensureQueryData(sessionQuery);
    } catch (error) {
      // The tokens were refused even after a refresh: the session is over.
      if (isApiError(error, 401) || isApiError(error, 403)) {
        clearTokens();
        throw toLogin();
      }
      throw error;
    }
    const home = homeOf(session.user);
    if (home !== '/home' && location.pathname !== home) throw redirect({ href: home, replace: true });
    return { session };
  },
  component: lazyPage(() => import('./private-layout'), 'PrivateLayout'),
});
