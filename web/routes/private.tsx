import { createRoute, Outlet } from '@tanstack/react-router';
import { PrivateShell } from '../components/private-shell';
import { rootRoute } from './root';

// The signed-in area. Log-in does not exist yet: in development mode everyone is an admin (web/lib/session.ts);
// the identity issue adds the session check here (beforeLoad → redirect to /login).
export const privateRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  component: () => (
    <PrivateShell>
      <Outlet />
    </PrivateShell>
  ),
});
