import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { UserStatus, UserView } from '../../../../domain/user/schemas';
import { isApiError } from '../../../lib/api-error';
import { useUpdateUser } from '../api/update-user';
import { userStatusLabels } from '../user-labels';

/** spec 2 §4: the admin changes a user's status from the users table, after a confirmation. */
export function useChangeStatus() {
  const update = useUpdateUser();

  function changeStatus(user: Pick<UserView, 'uuid' | 'full_name' | 'email' | 'status'>, status: UserStatus) {
    const name = user.full_name ?? user.email ?? 'this user';
    modals.openConfirmModal({
      title: 'Change the status?',
      size: 400,
      centered: true,
      children: (
        <Text size="sm">
          <strong>{name}</strong> goes from {userStatusLabels[user.status]} to <strong>{userStatusLabels[status]}</strong>.
          {status !== 'active' && status !== 'approved' ? ' The user is signed out and cannot log in while the status lasts.' : ''}
        </Text>
      ),
      labels: { confirm: `Yes, make it ${userStatusLabels[status].toLowerCase()}`, cancel: 'Cancel' },
      onConfirm: () =>
        update.mutate(
          { uuid: user.uuid, user: { status } },
          {
            onSuccess: () => notifications.show({ color: 'teal', title: 'Success!', message: `${name} is now ${userStatusLabels[status].toLowerCase()}.` }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'The status was not changed',
                message: isApiError(error) && error.status < 500 && error.detail ? error.detail : 'Please try again in a moment.',
              }),
          },
        ),
    });
  }

  return { changeStatus, changingUuid: update.isPending ? update.variables.uuid : undefined };
}
