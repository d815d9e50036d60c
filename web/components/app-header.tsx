import { Avatar, Burger, Group, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../lib/session';

const roleLabels = { admin: 'Admin', fsp: 'Provider', customer: 'Customer' } as const;

export function AppHeader({ navbarOpened, onToggleNavbar }: { navbarOpened: boolean; onToggleNavbar: () => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const name = user.full_name ?? user.email ?? 'Account';
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
      <Menu position="bottom-end" withArrow>
        <Menu.Target>
          {/* Named by what it shows (the user's name and role), as WCAG's label-in-name asks; the initials are decoration. */}
          <UnstyledButton>
            <Group gap={8} wrap="nowrap">
              <Avatar size={30} radius="xl" color="blue" name={name} aria-hidden />
              <div>
                <Text size="sm" fw={500} lh={1.2} visibleFrom="xs">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2} visibleFrom="xs">
                  {roleLabels[user.user_type]}
                </Text>
              </div>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.email}</Menu.Label>
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate({ to: '/profile/$uuid', params: { uuid: user.uuid } })}>
            Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => void navigate({ to: '/change-password' })}>
            Change password
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void navigate({ to: '/logout' })}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
