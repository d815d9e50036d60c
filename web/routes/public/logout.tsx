import { createRoute, redirect } from '@tanstack/react-router';
import { clearApplicationState } from '../../features/posts/application/answers';
import { clearWizard } from '../../features/posts/wizard/draft-storage';
import { clearTokens, readTokens } from '../../lib/auth-tokens';
import { publicRoute } from '../public';

/**
 * Log-out revokes the refresh token on the server (its whole family), forgets the tokens and cached data, then goes to log-in.
 * What the person started in this browser leaves with them: the post wizard's state and drafts and the application's
 * answers (personal data), so the next person here neither sees them nor resumes a post that is not theirs (which
 * the wizard would take for lost and log them out).
 */
export const logoutRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/logout',
  loader: async ({ context }) => {
    const tokens = readTokens();
    clearTokens();
    clearWizard(window.localStorage);
    clearApplicationState(window.localStorage);
    context.queryClient.clear();
    if (tokens) {
      // Best effort: the user is logged out here whatever the network does.
      await fetch('/oauth/revoke', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh_token: tokens.refreshToken }) }).catch(() => undefined);
    }
    throw redirect({ to: '/login', search: {}, replace: true });
  },
});
