import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Maintenance } from '../components/maintenance';
import { maintenancePageRoute } from './maintenance-page.route';

/** How often the page asks whether the service is back (docs/operations.md "PostgreSQL outage"). */
const HEALTH_POLL_MS = 3000;

export function MaintenancePage() {
  const { from } = maintenancePageRoute.useSearch();
  const router = useRouter();
  // Replaces this page in the history, so Back does not return to it. Going back re-runs the page's loaders; if the
  // API still answers 503 it comes straight back here.
  const back = () => router.history.replace(from ?? '/');
  // The user need not keep pressing "Try again": once /health answers 200 the page goes back by itself.
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      const healthy = await fetch('/health', { headers: { Accept: 'application/json' }, cache: 'no-store' }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy && !stopped) {
        stopped = true;
        clearInterval(timer);
        router.history.replace(from ?? '/');
      }
    }, HEALTH_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [from, router]);
  return <Maintenance onRetry={back} />;
}
