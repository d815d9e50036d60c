import { Button, Group, Table } from '@mantine/core';
import type { UserView } from '../../../../domain/user/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { AnchorLink } from '../../../components/router-link';
import { formatDate } from '../../../lib/format';

type Props = { users: readonly UserView[]; onApprove: (user: UserView) => void; onReject: (user: UserView) => void };

/** Providers waiting for review (spec 2 §2 "/pending-users"). */
export function PendingUsersTable({ users, onApprove, onReject }: Props) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Organisation</Table.Th>
            <Table.Th>Provider type</Table.Th>
            <Table.Th>Signed up</Table.Th>
            <ActionsTh w={200} label="Review" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.uuid} data-testid="pending-user-row">
              <Table.Td>
                <AnchorLink to="/user/$uuid" params={{ uuid: user.uuid }} fw={500} size="sm">
                  {user.full_name ?? '—'}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{user.email ?? '—'}</Table.Td>
              <Table.Td>{user.fsp?.organisation.name ?? 'Other'}</Table.Td>
              <Table.Td>{user.fsp?.provider_type_label ?? '—'}</Table.Td>
              <Table.Td>{formatDate(user.created_at)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" color="teal" variant="light" onClick={() => onApprove(user)} aria-label={`Approve ${user.full_name ?? user.email}`}>
                    Approve
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => onReject(user)} aria-label={`Reject ${user.full_name ?? user.email}`}>
                    Reject
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
