import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-link';
import { PublicShell } from '../../components/public-shell';
import { loginCallbackRoute } from './login-callback.route';

export function LoggingIn() {
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

export function LoginFailed() {
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
