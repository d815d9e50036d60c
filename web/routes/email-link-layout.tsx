import { Box, Container, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { PrivateShell } from '../components/private-shell';
import { readTokens } from '../lib/auth-tokens';

/** The layout of the e-mail links' pages (their route: email-link.tsx): private when signed in, else on its own. */
export function EmailLinkLayout() {
  return readTokens() ? (
    <PrivateShell>
      <Outlet />
    </PrivateShell>
  ) : (
    // Logged out: the page alone on the public screens' background, with the product's name above it.
    <Box bg="gray.0" mih="100vh" py={48}>
      <Container size={720} px="md">
        <Stack gap="lg">
          <Text fw={700} size="xl" ta="center">
            Home Loan Auction
          </Text>
          <Paper p="xl" shadow="xs">
            <Outlet />
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
