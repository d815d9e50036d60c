import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { OrganisationView } from '../../../../domain/organisation/schemas';
import { isApiError } from '../../../lib/api-error';
import { useDeleteOrganisation } from '../api/delete-organisation';

/**
 * Asks before deleting; delete confirmations warn that the item cannot be recovered, and success shows the toast
 * 'Organisation Removed' (spec 1 §8).
 */
export function useConfirmDeleteOrganisation() {
  const deletion = useDeleteOrganisation();

  function confirmDelete(organisation: Pick<OrganisationView, 'uuid' | 'name'>, onDeleted?: () => void) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: (
        <Text size="sm">
          <strong>{organisation.name}</strong> will be deleted. You won't be able to recover this organisation!
        </Text>
      ),
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(organisation.uuid, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'Organisation Removed', message: `${organisation.name} was deleted.` });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({
              color: 'red',
              title: 'The organisation was not deleted',
              // A business rule (422) carries the spec's message; anything else stays generic.
              message: isApiError(error, 422) && error.detail ? error.detail : 'Please try again in a moment.',
            });
          },
        }),
    });
  }

  return { confirmDelete, deletingUuid: deletion.isPending ? deletion.variables : undefined };
}
