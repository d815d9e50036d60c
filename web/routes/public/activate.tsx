import { Alert, Anchor, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { PublicShell } from '../../components/public-shell';
import { ButtonLink } from '../../components/router-link';
import { isApiError } from '../../lib/api-error';
import { type ActivatedAccount, useActivateAccount } from '../../features/onboarding/api/activate-account';
import { errorText } from '../../lib/error-toast';
import { activateRoute } from './activate.route';

export function ActivatePage() {
  const { code } = activateRoute.useSearch();
  const activation = useActivateAccount();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page, also under StrictMode's double effects (activating twice would be harmless, but pointless).
    if (!code || sent.current) return;
    sent.current = true;
    activation.mutate(code);
  }, [code, activation]);

  if (activation.isSuccess) return <Activated account={activation.data} />;
  if (!code || activation.isError) {
    // A refused code is the link's fault; anything else (no connection, a 429) may work on a reload.
    const badLink = !code || isApiError(activation.error, 422);
    return (
      <PublicShell title="This activation link does not work">
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {badLink ? 'The link is invalid or has expired. Activation links work for 7 days.' : errorText(activation.error)}
          </Alert>
          <ButtonLink to="/resend-activation" search={{}} fullWidth>
            Send me a new activation e-mail
          </ButtonLink>
        </Stack>
      </PublicShell>
    );
  }
  return (
    <PublicShell title="Confirming your e-mail address">
      <Stack align="center" gap="sm" py="lg" role="status">
        <Loader />
        <Text c="dimmed">One moment…</Text>
      </Stack>
    </PublicShell>
  );
}

function Activated({ account }: { account: ActivatedAccount }) {
  // spec 2 §4: a provider waits for an admin's review before logging in.
  const waitsForReview = account.user_type === 'fsp' && account.status === 'pending';
  return (
    <PublicShell title="Your e-mail address is confirmed">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
        {waitsForReview ? (
          <>
            <Text>Thank you. An admin will now review your account.</Text>
            <Text size="sm" c="dimmed">
              We will e-mail you when it is approved. Then log in and complete your profile to start bidding.
            </Text>
          </>
        ) : (
          <Text>Thank you. You can log in now.</Text>
        )}
        <Anchor href="/login">Go to log in</Anchor>
      </Stack>
    </PublicShell>
  );
}
