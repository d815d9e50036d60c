import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { AppSidebar } from './app-sidebar';
import { AppHeader } from './app-header';

/** The signed-in layout: header, the sidebar for the user's role, and the page. */
export function PrivateShell({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
      bg="gray.0"
    >
      <AppShell.Header>
        <AppHeader navbarOpened={opened} onToggleNavbar={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <AppSidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
