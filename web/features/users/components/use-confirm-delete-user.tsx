import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { UserView } from '../../../../domain/user/schemas';
import { isApiError } from '../../../lib/api-error';
import { useDeleteUser } from '../api/delete-user';

/** Asks before deleting (the person's data is erased for good); success shows 'User Removed' (spec 2 §8). */
export function useConfirmDeleteUser() {
  const deletion = useDeleteUser();

  function confirmDelete(user: Pick<UserView, 'uuid' | 'full_name' | 'email'>, onDeleted?: () => void) {
    const name = user.full_name ?? user.email ?? 'This user';
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400,
      centered: true,
      children: (
        <Text size="sm">
          <strong>{name}</strong> will be deleted and their personal data erased. You won't be able to recover this user!
        </Text>
      ),
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(user.uuid, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'User Removed', message: `${name} was deleted.` });
            onDeleted?.();
          },
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'The user was not deleted',
              message: isApiError(error) && error.status < 500 && error.detail ? error.detail : 'Please try again in a moment.',
            }),
        }),
    });
  }

  return { confirmDelete, deletingUuid: deletion.isPending ? deletion.variables : undefined };
}
