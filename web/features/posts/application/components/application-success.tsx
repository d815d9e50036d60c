import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PublicShell } from '../../../../components/public-shell';
import { ButtonLink } from '../../../../components/router-link';

/** The end of the stepper: the post is open for bids and the account is ready. */
export function ApplicationSuccess({ email }: { email: string | undefined }) {
  return (
    <PublicShell title="Your post is live" width={600}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Text>Lenders can now bid on your home loan. We let you know when offers arrive{email ? ` at ${email}` : ''}.</Text>
        <Text size="sm" c="dimmed">
          Log in with your e-mail address and password to follow the bids.
        </Text>
        <ButtonLink to="/home" size="lg">
          Go to my dashboard
        </ButtonLink>
      </Stack>
    </PublicShell>
  );
}
