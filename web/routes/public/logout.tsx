import { createRoute, redirect } from '@tanstack/react-router';
import { clearTokens, readTokens } from '../../lib/auth-tokens';
import { publicRoute } from '../public';

/** Log-out revokes the refresh token on the server (its whole family), forgets the tokens and cached data, then goes to log-in. */
export const logoutRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/logout',
  loader: async ({ context }) => {
    const tokens = readTokens();
    clearTokens();
    context.queryClient.clear();
    if (tokens) {
      // Best effort: the user is logged out here whatever the network does.
      await fetch('/oauth/revoke', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh_token: tokens.refreshToken }) }).catch(() => undefined);
    }
    throw redirect({ to: '/login', search: {}, replace: true });
  },
});
