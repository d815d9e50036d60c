import { Badge, Stack, Table, Text } from '@mantine/core';
import { memberRoleLabels, type OrganisationProviderView, organisationTypeLabels } from '../../../../domain/organisation/schemas';
import { AnchorLink } from '../../../components/router-link';
import { UserStatusBadge } from '../../../components/user-status-badge';
import { formatDate } from '../../../lib/format';

/** The providers of the marketplace's organisations with their status, role and bid counts (the admin's Members). */
export function MembersTable({ members }: { members: readonly OrganisationProviderView[] }) {
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Organisation</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Bids</Table.Th>
            <Table.Th ta="right">Deals</Table.Th>
            <Table.Th ta="right">Settled</Table.Th>
            <Table.Th>Joined</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.uuid} data-testid="member-row">
              <Table.Td>
                <Stack gap={0}>
                  <AnchorLink to="/user/$uuid" params={{ uuid: member.uuid }} fw={500} size="sm">
                    {member.full_name ?? 'Name erased'}
                  </AnchorLink>
                  <Text size="xs" c="dimmed">
                    {member.email ?? '—'}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {member.organisation_uuid ? (
                  <Stack gap={0}>
                    <AnchorLink to="/organisation/$uuid" params={{ uuid: member.organisation_uuid }} size="sm">
                      {member.organisation_name ?? 'Organisation'}
                    </AnchorLink>
                    {member.provider_type && (
                      <Text size="xs" c="dimmed">
                        {organisationTypeLabels[member.provider_type]}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not placed yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant={member.role === 'manager' ? 'filled' : 'light'} size="sm">
                  {memberRoleLabels[member.role]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <UserStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td ta="right" data-testid="member-bids">
                {member.bids}
              </Table.Td>
              <Table.Td ta="right">{member.deals}</Table.Td>
              <Table.Td ta="right">{member.settled_deals}</Table.Td>
              <Table.Td>{formatDate(member.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
