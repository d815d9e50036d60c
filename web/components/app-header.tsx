import { Avatar, Badge, Burger, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { useSession } from '../lib/session';
import { IconBuilding } from '@tabler/icons-react';

export function AppHeader({ navbarOpened, onToggleNavbar }: { navbarOpened: boolean; onToggleNavbar: () => void }) {
  const session = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        <ThemeIcon size={32} radius="sm" variant="filled" aria-hidden>
          <IconBuilding size={20} />
        </ThemeIcon>
        <Text fw={700} size="lg">
          Home Loan Auction
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {session.developmentMode && (
          <Tooltip label="No log-in yet: the screens act as an admin" withArrow>
            <Badge color="yellow" variant="light" size="sm">
              Development mode
            </Badge>
          </Tooltip>
        )}
        <Group gap={8} wrap="nowrap" visibleFrom="xs">
          <Avatar size={30} radius="xl" color="blue" name={session.displayName} />
          <Text size="sm" fw={500}>
            {session.displayName}
          </Text>
        </Group>
      </Group>
    </Group>
  );
}
