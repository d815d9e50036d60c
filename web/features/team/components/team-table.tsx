import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { OrganisationProviderView } from '../../../../domain/organisation/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { UserStatusBadge } from '../../../components/user-status-badge';
import { formatDate } from '../../../lib/format';

type Props = {
  members: readonly OrganisationProviderView[];
  /** The signed-in provider, marked "You" and never offered the own permissions (the server refuses them). */
  selfUuid: string;
  /** Given to managers (manage_permissions_for_fsps_within_org, spec 3 §6) only. */
  onPermissions?: (member: OrganisationProviderView) => void;
};

/** The team of the provider's organisation with each member's status (spec 1 §2 /my-team). */
export function TeamTable({ members, selfUuid, onPermissions }: Props) {
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table aria-label="Team">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Joined</Table.Th>
            {onPermissions && <ActionsTh w={150} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.uuid} data-testid="team-row">
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {member.full_name ?? 'Name erased'}
                  </Text>
                  {member.uuid === selfUuid && (
                    <Badge size="xs" variant="outline" radius="sm">
                      You
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{member.email ?? '—'}</Table.Td>
              <Table.Td>
                <UserStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td>{formatDate(member.created_at)}</Table.Td>
              {onPermissions && (
                <Table.Td>
                  <Group justify="flex-end">
                    {member.uuid !== selfUuid && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconShieldLock size={14} />}
                        onClick={() => onPermissions(member)}
                        aria-label={`Permissions of ${member.full_name ?? 'this provider'}`}
                      >
                        Permissions
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
