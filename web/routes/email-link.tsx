import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { isApiError } from '../lib/api-error';
import { clearTokens, readTokens } from '../lib/auth-tokens';
import { lazyPage } from '../lib/lazy-page';
import { sessionQuery } from '../lib/session';
import { rootRoute } from './root';

// The pages the trade e-mails link to (spec 1 §2 /extend-review-period, /cancel-automatic-selection, /connect-me;
// docs/trade-mail.md): a link carries a signed single-purpose `token`, which works without a log-in, so these pages
// open for anyone holding one (the API checks it). Without a token they are private pages as before: log in first.
// The connect-me result pages say only "done" or "failed", so they open without a session too (a token's use ends
// there). Signed in, the pages keep the private layout.

/** The link's token, when the page was opened from an e-mail. */
export const emailLinkSearch = z.object({ token: z.string().min(1).max(4000).optional().catch(undefined) });

const isConnectMeResult = (pathname: string) => /^\/connect-me(\/(success|error))?\/?$/.test(pathname);

export const emailLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'email-link',
  beforeLoad: async ({ context, location }) => {
    const signedIn = readTokens() !== null;
    const hasToken = new URLSearchParams(location.searchStr).has('token');
    if (!signedIn && (hasToken || isConnectMeResult(location.pathname))) return;
    const toLogin = () => redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    if (!signedIn) throw toLogin();
    try {
      // The private layout's sidebar reads the session.
      await context.queryClient.ensureQueryData(sessionQuery);
    } catch (error) {
      if (isApiError(error, 401) || isApiError(error, 403)) {
        clearTokens();
        // With a token the page still works, logged out.
        if (hasToken) return;
        throw toLogin();
      }
      throw error;
    }
  },
  component: lazyPage(() => import('./email-link-layout'), 'EmailLinkLayout'),
});
