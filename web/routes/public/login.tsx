import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { beginLogin } from '../../features/identity/pending-login';
import { readTokens } from '../../lib/auth-tokens';
import { sameSitePath } from '../../lib/same-site-path';
import { publicRoute } from '../public';

/**
 * `/login` starts the authorization-code flow (spec 1 §2: /login → identity page → /login/callback). The identity
 * page is the product's own `/authorize`; another OpenID Connect provider could take its place (docs/security.md).
 */
export const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/login',
  validateSearch: z.object({ redirect: sameSitePath }),
  beforeLoad: ({ search }) => {
    if (readTokens()) throw redirect({ to: '/home', replace: true });
    throw redirect({ to: '/authorize', search: beginLogin(search.redirect ?? null), replace: true });
  },
});
