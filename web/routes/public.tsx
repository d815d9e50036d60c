import { createRoute, Outlet } from '@tanstack/react-router';
import { rootRoute } from './root';

/** Screens without log-in (spec 1 §2 "Public routes", spec 2 §2 "Sign-up, activation, login"); each page wraps itself in `PublicShell`. */
export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: Outlet,
});
