import { Avatar, Group, Table } from '@mantine/core';
import type { UserStatus, UserView } from '../../../../domain/user/schemas';
import { ActionsTh } from '../../../components/actions-th';
import { AnchorLink } from '../../../components/router-link';
import { formatDate, formatMobile } from '../../../lib/format';
import { UserRowActions } from './user-row-actions';
import { UserStatusBadge } from '../../../components/user-status-badge';

type Props = {
  users: readonly UserView[];
  selfUuid: string;
  busyUuid: string | undefined;
  onChangeStatus: (user: UserView, status: UserStatus) => void;
  onDelete: (user: UserView) => void;
};

/** One type of users, sorted by full name (spec 2 §2). */
export function UsersTable({ users, selfUuid, busyUuid, onChangeStatus, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Mobile number</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created at</Table.Th>
            <ActionsTh w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.uuid} data-testid="user-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={user.avatar_url} name={user.full_name ?? undefined} color="initials" size={32} />
                  <AnchorLink to="/user/$uuid" params={{ uuid: user.uuid }} fw={500} size="sm">
                    {user.full_name ?? '—'}
                  </AnchorLink>
                </Group>
              </Table.Td>
              <Table.Td>{user.email ?? '—'}</Table.Td>
              <Table.Td>{user.mobile_number ? formatMobile(user.country_code, user.mobile_number) : '—'}</Table.Td>
              <Table.Td>
                <UserStatusBadge status={user.status} />
              </Table.Td>
              <Table.Td>{formatDate(user.created_at)}</Table.Td>
              <Table.Td>
                <UserRowActions
                  user={user}
                  isSelf={user.uuid === selfUuid}
                  busy={busyUuid === user.uuid}
                  onChangeStatus={(status) => onChangeStatus(user, status)}
                  onDelete={() => onDelete(user)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
