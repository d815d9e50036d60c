import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { OutdatedBrowserDialog } from '../components/outdated-browser-dialog';
import { PageNotFound } from '../components/page-not-found';
import { readTokens } from '../lib/auth-tokens';

// Only when a signed-in user opens an unknown 'dashboard' path: the log-in page does not download the shell.
const PrivateShell = lazy(() => import('../components/private-shell').then(({ PrivateShell }) => ({ default: PrivateShell })));

export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundFallback,
});

/** Every screen, and the outdated-browser dialog over them (spec 1 §1). */
function RootLayout() {
  return (
    <>
      <Outlet />
      <OutdatedBrowserDialog />
    </>
  );
}

/** Unknown URLs show page-not-found; a path containing 'dashboard' gets the private variant when logged in (spec 1 §2). */
function NotFoundFallback() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return pathname.includes('dashboard') && readTokens() ? (
    <Suspense fallback={null}>
      <PrivateShell>
        <PageNotFound />
      </PrivateShell>
    </Suspense>
  ) : (
    <PageNotFound />
  );
}
