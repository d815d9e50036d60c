import { Alert, Loader, Stack, Text } from '@mantine/core';
import { createRoute, redirect } from '@tanstack/react-router';
import { IconAlertCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { OAUTH_CLIENT_ID, OAUTH_REDIRECT_URI, takePendingLogin } from '../../features/identity/pending-login';
import { ButtonLink } from '../../components/router-link';
import { PublicShell } from '../../components/public-shell';
import { clearTokens, requestTokens } from '../../lib/auth-tokens';
import { homeOf, sessionQuery } from '../../lib/session';
import { publicRoute } from '../public';

/** Back from the identity page: the code is exchanged for tokens (with this tab's PKCE verifier), then the user goes on. */
export const loginCallbackRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/login/callback',
  validateSearch: z.object({ code: z.string().max(200).optional().catch(undefined), state: z.string().max(200).optional().catch(undefined) }),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps, context }) => {
    const pending = takePendingLogin();
    // A callback this tab did not start (or a replayed one) is not a log-in.
    if (!pending || !deps.code || deps.state !== pending.state) return { failed: 'This log-in link is not valid any more.' };
    const exchanged = await requestTokens({ grant_type: 'authorization_code', code: deps.code, code_verifier: pending.verifier, redirect_uri: OAUTH_REDIRECT_URI, client_id: OAUTH_CLIENT_ID });
    if (!exchanged.ok) return { failed: 'The log-in took too long or was already used.' };
    context.queryClient.removeQueries();
    const session = await context.queryClient.fetchQuery(sessionQuery).catch(() => null);
    if (!session) {
      clearTokens();
      return { failed: 'Your account could not be loaded. Please, try again.' };
    }
    const home = homeOf(session.user);
    throw redirect({ href: home === '/home' && pending.redirect ? pending.redirect : home, replace: true });
  },
  pendingComponent: LoggingIn,
  pendingMs: 0,
  component: LoginFailed,
});

function LoggingIn() {
  return (
    <PublicShell title="Logging you in">
      <Stack align="center" gap="sm" py="md">
        <Loader role="status" aria-label="Logging you in" />
        <Text size="sm" c="dimmed">
          One moment…
        </Text>
      </Stack>
    </PublicShell>
  );
}

function LoginFailed() {
  const { failed } = loginCallbackRoute.useLoaderData();
  return (
    <PublicShell title="Log-in failed">
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {failed}
        </Alert>
        <ButtonLink to="/login" search={{}} fullWidth>
          Log in again
        </ButtonLink>
      </Stack>
    </PublicShell>
  );
}
