import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { OutdatedBrowserDialog } from '../components/outdated-browser-dialog';
import { PageNotFound } from '../components/page-not-found';
import { PrivateShell } from '../components/private-shell';
import { readTokens } from '../lib/auth-tokens';

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
    <PrivateShell>
      <PageNotFound />
    </PrivateShell>
  ) : (
    <PageNotFound />
  );
}
