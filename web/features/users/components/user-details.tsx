import { Avatar, Group, Paper, SimpleGrid } from '@mantine/core';
import type { UserView } from '../../../../domain/user/schemas';
import { DetailItem } from '../../../components/detail-item';
import { formatDate, formatMobile } from '../../../lib/format';
import { UserStatusBadge } from '../../../components/user-status-badge';

const address = (user: UserView) => (user.address ? `${user.address.line1}, ${user.address.suburb} ${user.address.state} ${user.address.postcode}` : '—');

/** A user's fields beside the avatar; the page title carries the name. */
export function UserDetails({ user }: { user: UserView }) {
  return (
    <Paper p="lg">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Avatar src={user.avatar_url} name={user.full_name ?? undefined} color="initials" size={112} alt="Avatar" />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xl" verticalSpacing="lg" flex={1} miw={260}>
          <DetailItem label="E-mail">{user.email ?? '—'}</DetailItem>
          <DetailItem label="Mobile number">{user.mobile_number ? formatMobile(user.country_code, user.mobile_number) : '—'}</DetailItem>
          <DetailItem label="Status">
            <UserStatusBadge status={user.status} />
          </DetailItem>
          <DetailItem label="Date of birth">{formatDate(user.date_of_birth) || '—'}</DetailItem>
          <DetailItem label="Address">{address(user)}</DetailItem>
          <DetailItem label="Created at">{formatDate(user.created_at)}</DetailItem>
          {user.fsp && (
            <>
              <DetailItem label="Organisation">{user.fsp.organisation.name ?? 'Other'}</DetailItem>
              <DetailItem label="Provider type">{user.fsp.provider_type_label}</DetailItem>
              <DetailItem label="Lender since">{user.fsp.lender_since ?? '—'}</DetailItem>
              <DetailItem label="Membership">{[user.fsp.membership_type, user.fsp.membership_value].filter(Boolean).join(' ') || '—'}</DetailItem>
              <DetailItem label="ACL number">{user.fsp.acl_number ?? '—'}</DetailItem>
            </>
          )}
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
