import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

// The root redirects to /login in the spec (spec 1 §2). Log-in does not exist yet, so for now it opens the only
// screen there is; change this to '/login' (or '/home' when signed in) with the identity issue.
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/organisations', replace: true });
  },
});
