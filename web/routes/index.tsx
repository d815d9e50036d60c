import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';

/** The root redirects to log-in (spec 1 §2), which goes on to the dashboard when a session exists. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/login', search: {}, replace: true });
  },
});
