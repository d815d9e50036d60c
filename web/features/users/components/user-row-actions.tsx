import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconToggleRight, IconTrash } from '@tabler/icons-react';
import { statusesByType, type UserStatus, type UserView } from '../../../../domain/user/schemas';
import { ActionIconLink } from '../../../components/router-link';
import { userStatusLabels } from '../user-labels';

type Props = {
  user: UserView;
  /** The signed-in admin's own row: no status change, no delete. */
  isSelf: boolean;
  busy: boolean;
  onChangeStatus: (status: UserStatus) => void;
  onDelete: () => void;
};

export function UserRowActions({ user, isSelf, busy, onChangeStatus, onDelete }: Props) {
  const name = user.full_name ?? user.email ?? 'user';
  // `creating` belongs to the post-creation flow; an admin never sets it (domain/user/decider.ts).
  const statuses = statusesByType[user.user_type].filter((status) => status !== 'creating' && status !== user.status);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="View" withArrow>
        <ActionIconLink to="/user/$uuid" params={{ uuid: user.uuid }} variant="subtle" color="gray" aria-label={`View ${name}`}>
          <IconEye />
        </ActionIconLink>
      </Tooltip>
      <Tooltip label="Edit" withArrow>
        <ActionIconLink to="/user/$uuid/edit" params={{ uuid: user.uuid }} variant="subtle" color="gray" aria-label={`Edit ${name}`}>
          <IconPencil />
        </ActionIconLink>
      </Tooltip>
      <Menu position="bottom-end" withArrow disabled={isSelf}>
        <Menu.Target>
          <Tooltip label={isSelf ? 'You cannot change your own status' : 'Change status'} withArrow>
            <ActionIcon variant="subtle" color="gray" loading={busy} disabled={isSelf} aria-label={`Change the status of ${name}`}>
              <IconToggleRight />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Change status to</Menu.Label>
          {statuses.map((status) => (
            <Menu.Item key={status} onClick={() => onChangeStatus(status)}>
              {userStatusLabels[status]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={isSelf ? 'You cannot delete yourself' : 'Delete'} withArrow>
        <ActionIcon variant="subtle" color="red" onClick={onDelete} disabled={isSelf} loading={busy} aria-label={`Delete ${name}`}>
          <IconTrash />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
