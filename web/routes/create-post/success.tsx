import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PublicShell } from '../../components/public-shell';
import { ButtonLink } from '../../components/router-link';
import { readTokens } from '../../lib/auth-tokens';
import { createPostSuccessRoute } from './success.route';

export function CreatePostSuccessPage() {
  const { email } = createPostSuccessRoute.useSearch();
  const loggedIn = readTokens() !== null;
  return (
    <PublicShell title="Your post is live!" width={520}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Text>Lenders and brokers can now bid on your home loan. We will let you know as the bids come in.</Text>
        <Text size="sm" c="dimmed">
          Log in with <strong>{email}</strong> and the password you chose to follow the bids and pick the best offer.
        </Text>
        {loggedIn ? (
          <ButtonLink to="/home">Go to my dashboard</ButtonLink>
        ) : (
          <Button component="a" href="/login">
            Log in
          </Button>
        )}
      </Stack>
    </PublicShell>
  );
}
