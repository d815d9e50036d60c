import { Outlet } from '@tanstack/react-router';
import { PrivateShell } from '../components/private-shell';

/** The signed-in area's layout (its route: private.tsx), loaded with the first private page, not by the log-in page. */
export function PrivateLayout() {
  return (
    <PrivateShell>
      <Outlet />
    </PrivateShell>
  );
}
