import { Box, Center, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MailingListForm } from './mailing-list-form';

/** The brand mark above the public screens (log-in, sign-up, activation, password recovery). */
function Brand() {
  return (
    <Group gap="sm" justify="center" wrap="nowrap">
      <ThemeIcon size={36} radius="sm" variant="filled" aria-hidden>
        <IconBuilding size={22} />
      </ThemeIcon>
      <Text fw={700} size="xl">
        Home Loan Auction
      </Text>
    </Group>
  );
}

/**
 * The layout of a public screen: the brand, a card with the screen's title and content, and a footer line
 * (e.g. "Have an account? Log in"). `width` suits the form: narrow for log-in, wide for the sign-up form.
 */
export function PublicShell({ title, description, footer, width = 420, children }: { title: string; description?: ReactNode; footer?: ReactNode; width?: number; children: ReactNode }) {
  return (
    <Box bg="gray.0" mih="100vh" py={48}>
      <Container size={width} px="md">
        <Stack gap="lg">
          <Brand />
          <Paper p="xl" shadow="xs">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={2} size="h3">
                  {title}
                </Title>
                {description && (
                  <Text size="sm" c="dimmed">
                    {description}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer && (
            <Center>
              <Text size="sm" c="dimmed" component="div">
                {footer}
              </Text>
            </Center>
          )}
          <Paper p="md" withBorder>
            <MailingListForm />
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
