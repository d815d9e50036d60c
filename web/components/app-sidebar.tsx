import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { LinkProps } from '@tanstack/react-router';
import { useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import {
  IconBriefcase,
  IconBuilding,
  IconBulb,
  IconDashboard,
  IconFileDescription,
  IconFilePlus,
  IconFiles,
  IconLayoutList,
  IconMail,
  IconMessage,
  IconMessageQuestion,
  IconReceipt,
  IconSettings,
  IconSpeakerphone,
  IconStar,
  IconTarget,
  IconTrophy,
  IconUser,
  IconUsers,
  IconUsersGroup,
  type IconProps,
} from '@tabler/icons-react';
import { useChatStatus } from '../lib/chat';
import { useLiveMessages } from '../lib/live-messages';
import { isAdministrator, type Session, useSession } from '../lib/session';
import { NavLinkLink } from './router-link';

// The sidebar by role (spec 1 §2 "Sidebar by role"): every entry opens a built screen (tests/e2e/campaigns.e2e.test.ts
// walks them for each role).

/** A screen of the sidebar. */
type Leaf = {
  label: string;
  icon?: ComponentType<IconProps>;
  to: NonNullable<LinkProps['to']>;
  params?: Record<string, string>;
  /** Path prefixes that mark the entry active. */
  matches?: readonly string[];
  /** A counter beside the label (the unread messages). */
  badge?: number;
};
/** A heading over screens, open from the start. */
type Group = { label: string; icon?: ComponentType<IconProps>; children: readonly Leaf[] };
type Entry = Leaf | Group;

/** What the sidebar knows about chat (docs/messages.md): the switch (unknown while loading) and the unread count. */
type Chat = { enabled: boolean | undefined; unread: number };

function entriesFor(session: Session, chat: Chat): readonly Entry[] {
  const { user } = session;
  const profile: Leaf = { label: 'Profile', icon: IconUser, to: '/profile/$uuid', params: { uuid: user.uuid }, matches: ['/profile', '/change-password'] };
  const dashboard: Leaf = { label: 'Dashboard', icon: IconDashboard, to: '/home', matches: ['/home'] };
  const messages: Leaf = { label: 'Messages', icon: IconMessage, to: '/messages', matches: ['/messages'], badge: chat.unread };
  if (user.user_type === 'customer') {
    const createPosts: Leaf = { label: 'Create Posts', icon: IconFilePlus, to: '/create-post', matches: ['/create-post'] };
    // A customer still creating the first post sees only these two.
    if (user.status === 'creating') return [dashboard, createPosts];
    return [profile, dashboard, messages, { label: 'My Posts', icon: IconFiles, to: '/posts', matches: ['/posts'] }, createPosts];
  }
  // An approved provider is sent to the profile activation until the profile is complete (spec 1 §2): every other
  // link would only come back there, so the sidebar holds that page alone and says why (docs/site-chrome.md).
  if (user.user_type === 'fsp' && user.status === 'approved') {
    return [{ label: 'Complete your profile', icon: IconUser, to: '/fsp-activate-profile', matches: ['/fsp-activate-profile'] }];
  }
  if (user.user_type === 'fsp') {
    const entries: Entry[] = [
      profile,
      dashboard,
      { label: 'My Bids', icon: IconReceipt, to: '/bids', matches: ['/bids', '/post/bid'] },
      { label: 'My Deals', icon: IconBriefcase, to: '/deals', matches: ['/deals', '/lost-deals'] },
      { label: 'My Bid Templates', icon: IconLayoutList, to: '/bid-templates', matches: ['/bid-templates'] },
      { label: 'Opportunities', icon: IconBulb, to: '/opportunities', matches: ['/opportunities'] },
    ];
    // spec 1 §2: Messages unless messages are disabled (hidden until the switch is known).
    if (chat.enabled) entries.push(messages);
    // spec 3 §6: manage_permissions_for_fsps_within_org selects the manager's sidebar, with the team.
    if (session.can('manage_permissions_for_fsps_within_org')) entries.splice(2, 0, { label: 'My Team', icon: IconUsersGroup, to: '/my-team', matches: ['/my-team'] });
    return entries;
  }
  const systemConfigurations: Leaf = { label: 'System Configurations', icon: IconSettings, to: '/system-configurations', matches: ['/system-configurations', '/configurations'] };
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
    { label: 'Bids', icon: IconReceipt, children: [{ label: 'Bids', to: '/bids', matches: ['/bids', '/post/bid'] }, { label: 'Bid templates', to: '/bid-templates', matches: ['/bid-templates'] }] },
    { label: 'Deals', icon: IconBriefcase, to: '/deals', matches: ['/deals', '/lost-deals'] },
    // spec 1 §2 "/reviews": the moderation list (docs/reviews.md).
    { label: 'Reviews', icon: IconStar, to: '/reviews', matches: ['/reviews', '/fsp-review'] },
    {
      label: 'Organisations',
      icon: IconBuilding,
      children: [
        { label: 'Organisations', to: '/organisations', matches: ['/organisation'] },
        { label: 'Members', to: '/members', matches: ['/members'] },
        // Every organisation's products (docs/products.md "The Products page"); an organisation's own are under it.
        { label: 'Products', to: '/financial_institution_products', matches: ['/financial_institution_product'] },
      ],
    },
    // Not in spec 1 §2's admin menu: questions are admin content kept with organisations and campaigns (spec 3 §2).
    { label: 'Questions', icon: IconMessageQuestion, to: '/questions', matches: ['/question'] },
    // Not in spec 1 §2's admin menu: the document types required documents choose from (docs/document-types.md).
    { label: 'Document types', icon: IconFileDescription, to: '/document-types', matches: ['/document-types'] },
    { label: 'Campaigns', icon: IconSpeakerphone, to: '/campaigns', matches: ['/campaigns'] },
    { label: 'Leads', icon: IconTarget, to: '/leads', matches: ['/leads'] },
    { label: 'Opportunities', icon: IconBulb, to: '/opportunities', matches: ['/opportunities'] },
    systemConfigurations,
    // Not in spec 1 §2: the outbox's mail and SMS (docs/mail.md), last because it is a tool, not a screen of the trade.
    { label: 'Mailbox', icon: IconMail, to: '/mailbox', matches: ['/mailbox'] },
  ];
}

function SidebarEntry({ entry, pathname, onNavigate }: { entry: Entry; pathname: string; onNavigate: () => void }) {
  const Icon = entry.icon;
  const icon = Icon ? <Icon /> : undefined;
  if ('children' in entry) {
    return (
      <NavLink label={entry.label} leftSection={icon} defaultOpened variant="subtle">
        {entry.children.map((child) => (
          <SidebarEntry key={child.label} entry={child} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  const active = (entry.matches ?? []).some((prefix) => pathname.startsWith(prefix));
  const badge = entry.badge ? (
    <Badge size="sm" color="red" circle data-testid="sidebar-unread">
      {entry.badge}
    </Badge>
  ) : undefined;
  return <NavLinkLink to={entry.to} params={entry.params} label={entry.label} leftSection={icon} rightSection={badge} active={active} onClick={onNavigate} />;
}

/** Who has chat: not a customer still creating the first post, not an approved provider before the profile, not an admin without `view`. */
function isChatting({ user, can }: Session): boolean {
  if (user.status === 'creating' || (user.user_type === 'fsp' && user.status === 'approved')) return false;
  return user.user_type !== 'admin' || can('view');
}

/** Why an approved provider's sidebar holds one entry. */
function ProfileFirstNote() {
  return (
    <Text size="sm" px="sm" pt="sm" id="sidebar-profile-first">
      Your account is approved. Complete your profile to open your dashboard, bids, deals and messages.
    </Text>
  );
}

export function AppSidebar({ onNavigate }: { onNavigate: () => void }) {
  const session = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The live message stream lives as long as the signed-in shell (web/lib/live-messages.ts); not while creating a post.
  const chatting = isChatting(session);
  const chatStatus = useChatStatus(chatting);
  useLiveMessages(chatting);
  const chat: Chat = { enabled: chatStatus.data?.enabled, unread: chatStatus.data?.unread_count ?? 0 };
  return (
    <ScrollArea type="scroll" h="100%">
      <Stack gap={2} p="xs" component="nav" aria-label="Main">
        {entriesFor(session, chat).map((entry) => (
          <SidebarEntry key={entry.label} entry={entry} pathname={pathname} onNavigate={onNavigate} />
        ))}
        {session.user.user_type === 'fsp' && session.user.status === 'approved' && <ProfileFirstNote />}
      </Stack>
    </ScrollArea>
  );
}
