import { createRoute, Outlet } from '@tanstack/react-router';
import { privateRoute } from './private';

/** Administration screens (spec 3 §2 "admin only; others are sent to the dashboard"). */
export const adminRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'admin',
  component: Outlet,
});
