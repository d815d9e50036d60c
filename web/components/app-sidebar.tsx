import { NavLink, ScrollArea, Stack } from '@mantine/core';
import type { LinkProps } from '@tanstack/react-router';
import { useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import {
  IconBriefcase,
  IconBuilding,
  IconBulb,
  IconDashboard,
  IconFilePlus,
  IconFiles,
  IconLayoutList,
  IconMail,
  IconMessage,
  IconMessageQuestion,
  IconReceipt,
  IconSettings,
  IconSpeakerphone,
  IconTarget,
  IconTrophy,
  IconUser,
  IconUsers,
  IconUsersGroup,
  type IconProps,
} from '@tabler/icons-react';
import { isAdministrator, type Session, useSession } from '../lib/session';
import { NavLinkLink } from './router-link';

// The sidebar by role (spec 1 §2 "Sidebar by role"). Entries whose screens are not built yet are shown disabled
// rather than linking to a page-not-found, so the shape of the product is visible and nothing leads nowhere.

type Entry = {
  label: string;
  icon?: ComponentType<IconProps>;
  /** The screen; none yet: shown disabled. */
  to?: LinkProps['to'];
  params?: Record<string, string>;
  /** Path prefixes that mark the entry active. */
  matches?: readonly string[];
  children?: readonly Entry[];
};

function entriesFor(session: Session): readonly Entry[] {
  const { user } = session;
  const profile: Entry = { label: 'Profile', icon: IconUser, to: '/profile/$uuid', params: { uuid: user.uuid }, matches: ['/profile', '/change-password'] };
  const dashboard: Entry = { label: 'Dashboard', icon: IconDashboard, to: '/home', matches: ['/home'] };
  if (user.user_type === 'customer') {
    const createPosts: Entry = { label: 'Create Posts', icon: IconFilePlus, to: '/create-post', matches: ['/create-post'] };
    // A customer still creating the first post sees only these two.
    if (user.status === 'creating') return [dashboard, createPosts];
    return [profile, dashboard, { label: 'Messages', icon: IconMessage }, { label: 'My Posts', icon: IconFiles, to: '/posts', matches: ['/posts'] }, createPosts];
  }
  if (user.user_type === 'fsp') {
    const entries: Entry[] = [
      profile,
      dashboard,
      { label: 'My Bids', icon: IconReceipt, to: '/bids', matches: ['/bids', '/post/bid'] },
      { label: 'My Deals', icon: IconBriefcase, to: '/deals', matches: ['/deals', '/lost-deals'] },
      { label: 'My Bid Templates', icon: IconLayoutList },
      { label: 'Opportunities', icon: IconBulb },
      { label: 'Messages', icon: IconMessage },
    ];
    // spec 3 §6: manage_permissions_for_fsps_within_org selects the manager's sidebar, with the team.
    if (session.can('manage_permissions_for_fsps_within_org')) entries.splice(2, 0, { label: 'My Team', icon: IconUsersGroup, to: '/my-team', matches: ['/my-team'] });
    return entries;
  }
  const systemConfigurations: Entry = { label: 'System Configurations', icon: IconSettings, to: '/system-configurations', matches: ['/system-configurations', '/configurations'] };
  if (!isAdministrator(session)) return [profile, dashboard, systemConfigurations];
  return [
    profile,
    dashboard,
    {
      label: 'Users',
      icon: IconUsers,
      children: [
        { label: 'Pending approval', to: '/pending-users', matches: ['/pending-users'] },
        { label: 'Customers', to: '/users/$userType', params: { userType: 'customer' }, matches: ['/users/customer'] },
        { label: 'Providers', to: '/users/$userType', params: { userType: 'fsp' }, matches: ['/users/fsp'] },
        { label: 'Admins', to: '/users/$userType', params: { userType: 'admin' }, matches: ['/users/admin'] },
      ],
    },
    { label: 'Jousts', icon: IconTrophy, to: '/posts', matches: ['/posts'] },
    { label: 'Bids', icon: IconReceipt, children: [{ label: 'Bids', to: '/bids', matches: ['/bids', '/post/bid'] }, { label: 'Bid templates' }] },
    { label: 'Deals', icon: IconBriefcase, to: '/deals', matches: ['/deals', '/lost-deals'] },
    {
      label: 'Organisations',
      icon: IconBuilding,
      children: [{ label: 'Organisations', to: '/organisations', matches: ['/organisation'] }, { label: 'Members' }, { label: 'Products' }],
    },
    // Not in spec 1 §2's admin menu: questions are admin content kept with organisations and campaigns (spec 3 §2).
    { label: 'Questions', icon: IconMessageQuestion, to: '/questions', matches: ['/question'] },
    { label: 'Campaigns', icon: IconSpeakerphone },
    { label: 'Leads', icon: IconTarget },
    { label: 'Opportunities', icon: IconBulb },
    systemConfigurations,
    // Not in spec 1 §2: the outbox's mail and SMS (docs/mail.md), last because it is a tool, not a screen of the trade.
    { label: 'Mailbox', icon: IconMail, to: '/mailbox', matches: ['/mailbox'] },
  ];
}

function SidebarEntry({ entry, pathname, onNavigate }: { entry: Entry; pathname: string; onNavigate: () => void }) {
  const Icon = entry.icon;
  const icon = Icon ? <Icon /> : undefined;
  const active = (entry.matches ?? []).some((prefix) => pathname.startsWith(prefix));
  if (entry.children) {
    const childActive = entry.children.some((child) => (child.matches ?? []).some((prefix) => pathname.startsWith(prefix)));
    return (
      <NavLink label={entry.label} leftSection={icon} defaultOpened={childActive || entry.children.some((child) => child.to)} variant="subtle">
        {entry.children.map((child) => (
          <SidebarEntry key={child.label} entry={child} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  if (!entry.to) return <NavLink label={entry.label} leftSection={icon} disabled title="Not available yet" />;
  return <NavLinkLink to={entry.to} params={entry.params} label={entry.label} leftSection={icon} active={active} onClick={onNavigate} />;
}

export function AppSidebar({ onNavigate }: { onNavigate: () => void }) {
  const session = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <ScrollArea type="scroll" h="100%">
      <Stack gap={2} p="xs" component="nav" aria-label="Main">
        {entriesFor(session).map((entry) => (
          <SidebarEntry key={entry.label} entry={entry} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </Stack>
    </ScrollArea>
  );
}
