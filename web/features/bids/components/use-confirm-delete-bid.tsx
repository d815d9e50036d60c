import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../../../lib/api-error';
import { useDeleteBid } from '../api/delete-bid';
import { bidToasts } from '../../../../contracts/bid';

/** Admins delete a bid after a confirmation that it cannot be recovered (spec 1 §8); the toast is 'Bid was Removed'. */
export function useConfirmDeleteBid() {
  const deletion = useDeleteBid();

  function confirmDelete(bidUuid: string, onDeleted?: () => void) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: <Text size="sm">This bid will be deleted. You won't be able to recover this bid!</Text>,
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(bidUuid, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: bidToasts.removed, message: 'The bid was deleted.' });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({
              color: 'red',
              title: 'The bid was not deleted',
              message: isApiError(error) && [409, 422].includes(error.status) && error.detail ? error.detail : 'Please try again in a moment.',
            });
          },
        }),
    });
  }

  return { confirmDelete, deleting: deletion.isPending };
}
