import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UserView } from '../../../../domain/user/schemas';
import { DetailItem } from '../../../components/detail-item';
import { formatDate, formatMobile } from '../../../lib/format';

const roleNames = { admin: 'Admin', fsp: 'Provider', customer: 'Customer' } as const;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The user's details beside the avatar (spec 1 §3 "User"); for providers the organisation and licence details. */
export function ProfileDetails({ user }: { user: UserView }) {
  const fullName = user.full_name ?? user.email ?? '';
  const address = user.address;
  return (
    <Paper p="lg">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Stack align="center" gap="xs">
          <Avatar src={user.avatar_url} name={fullName || undefined} color="initials" size={128} alt={`Avatar of ${fullName}`} />
          <Group gap={6}>
            <Badge variant="light">{roleNames[user.user_type]}</Badge>
            <Badge variant="outline" color={user.status === 'active' ? 'teal' : 'gray'}>
              {capitalised(user.status)}
            </Badge>
          </Group>
        </Stack>
        <Stack gap="lg" flex={1} miw={260}>
          <Title order={3}>{fullName}</Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xl" verticalSpacing="lg">
            <DetailItem label="E-mail">{user.email ?? '—'}</DetailItem>
            <DetailItem label="Mobile number">{user.mobile_number ? formatMobile(user.country_code, user.mobile_number) : '—'}</DetailItem>
            <DetailItem label="Address">
              {address ? (
                <>
                  {address.line1 && <Text size="sm">{address.line1}</Text>}
                  <Text size="sm">{`${address.suburb} ${address.state} ${address.postcode}`}</Text>
                </>
              ) : (
                '—'
              )}
            </DetailItem>
            {user.fsp && (
              <>
                <DetailItem label="Organisation">{user.fsp.organisation.name ?? 'Other'}</DetailItem>
                <DetailItem label="Provider type">{user.fsp.provider_type_label}</DetailItem>
                <DetailItem label="Lender since">{user.fsp.lender_since ?? '—'}</DetailItem>
                <DetailItem label="Membership">{[user.fsp.membership_type, user.fsp.membership_value].filter(Boolean).join(' ') || '—'}</DetailItem>
                <DetailItem label="ACL number">{user.fsp.acl_number ?? '—'}</DetailItem>
              </>
            )}
            <DetailItem label="Member since">{formatDate(user.created_at)}</DetailItem>
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}
