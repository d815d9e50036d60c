import { Anchor, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { PublicShell } from '../../components/public-shell';
import { AnchorLink } from '../../components/router-link';
import { signupSuccessRoute } from './signup-success.route';

export function SignupSuccessPage() {
  const { email } = signupSuccessRoute.useSearch();
  return (
    <PublicShell
      title="Check your e-mail"
      footer={
        <>
          Already confirmed? <Anchor href="/login">Log in</Anchor>
        </>
      }
    >
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
          <IconMailCheck size={28} />
        </ThemeIcon>
        <Text>
          We sent an activation link to {email ? <strong>{email}</strong> : 'your e-mail address'}. Open it within 7 days to confirm your
          address.
        </Text>
        <Text size="sm" c="dimmed">
          Then our team reviews your account. We will e-mail you when it is approved, and you can log in and complete your profile.
        </Text>
        <Text size="sm">
          No e-mail after a few minutes? Check your spam folder, or{' '}
          <AnchorLink to="/resend-activation" search={{ email }}>
            send the activation e-mail again
          </AnchorLink>
          .
        </Text>
      </Stack>
    </PublicShell>
  );
}
