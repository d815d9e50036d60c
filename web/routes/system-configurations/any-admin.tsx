import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { privateRoute } from '../private';

/**
 * Screens for every admin, also one without the `view` permission (spec 1 §2: that admin keeps System
 * Configurations). `adminRoute` needs `view`; everyone else is sent to the dashboard here too.
 */
export const anyAdminRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'any-admin',
  beforeLoad: ({ context }) => {
    if (context.session.user.user_type !== 'admin') throw redirect({ to: '/home', replace: true });
  },
  component: Outlet,
});
