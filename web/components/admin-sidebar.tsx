import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import {
  IconBriefcase,
  IconBuilding,
  IconBulb,
  IconDashboard,
  IconMail,
  IconReceipt,
  IconSettings,
  IconSpeakerphone,
  IconTarget,
  IconTrophy,
  IconUser,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';
import { NavLinkLink } from './router-link';
// On its own line: several features add sidebar entries at once.
import { IconMessageQuestion } from '@tabler/icons-react';

// The admin sidebar of spec 1 §2. Entries whose screens are not built yet are shown disabled rather than linking to
// a page-not-found, so the shape of the product is visible and nothing leads nowhere.

type Entry = { label: string; icon: ComponentType<IconProps>; children?: readonly string[] };

const notYetBuilt: readonly Entry[] = [
  { label: 'Users', icon: IconUsers, children: ['Pending approval', 'Customers', 'Providers', 'Admins'] },
  { label: 'Jousts', icon: IconTrophy },
  { label: 'Bids', icon: IconReceipt, children: ['Bids', 'Bid templates'] },
  { label: 'Deals', icon: IconBriefcase },
];

const notYetBuiltAfterOrganisations: readonly Entry[] = [
  { label: 'Campaigns', icon: IconSpeakerphone },
  { label: 'Leads', icon: IconTarget },
  { label: 'Opportunities', icon: IconBulb },
  { label: 'System Configurations', icon: IconSettings },
];

function DisabledEntry({ entry }: { entry: Entry }) {
  const Icon = entry.icon;
  return <NavLink label={entry.label} leftSection={<Icon />} disabled title="Not available yet" />;
}

export function AdminSidebar({ onNavigate }: { onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const inOrganisations = pathname.startsWith('/organisation');

  return (
    <ScrollArea type="scroll" h="100%">
      <Stack gap={2} p="xs" component="nav" aria-label="Main">
        <DisabledEntry entry={{ label: 'Profile', icon: IconUser }} />
        <DisabledEntry entry={{ label: 'Dashboard', icon: IconDashboard }} />
        {notYetBuilt.map((entry) => (
          <DisabledEntry key={entry.label} entry={entry} />
        ))}
        <NavLink label="Organisations" leftSection={<IconBuilding />} defaultOpened active={inOrganisations} variant="subtle">
          <NavLinkLink to="/organisations" label="Organisations" active={inOrganisations} onClick={onNavigate} />
          <NavLink label="Members" disabled title="Not available yet" />
          <NavLink label="Products" disabled title="Not available yet" />
        </NavLink>
        {/* Not in spec 1 §2's admin menu: questions are admin content kept with organisations and campaigns (spec 3 §2). */}
        <NavLinkLink to="/questions" label="Questions" leftSection={<IconMessageQuestion />} active={pathname.startsWith('/question')} onClick={onNavigate} />
        {notYetBuiltAfterOrganisations.map((entry) => (
          <DisabledEntry key={entry.label} entry={entry} />
        ))}
        {/* Not in spec 1 §2: the outbox's mail and SMS (docs/mail.md), last because it is a tool, not a screen of the trade. */}
        <NavLinkLink to="/mailbox" label="Mailbox" leftSection={<IconMail />} active={pathname.startsWith('/mailbox')} onClick={onNavigate} />
      </Stack>
    </ScrollArea>
  );
}
