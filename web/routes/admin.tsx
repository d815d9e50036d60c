import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { isAdministrator } from '../lib/session';
import { privateRoute } from './private';

/** Administration screens (spec 3 §2 "admin only; others are sent to the dashboard"; spec 1 §2 admin without `view`). */
export const adminRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'admin',
  beforeLoad: ({ context }) => {
    if (!isAdministrator(context.session)) throw redirect({ to: '/home', replace: true });
  },
  component: Outlet,
});
