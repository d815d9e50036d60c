import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { CampaignView } from '../../../../domain/campaign/schemas';
import { useDeleteCampaign } from '../api/save-campaign';

/** Asks before deleting (the item cannot be recovered, spec 3 §8); success shows 'Campaign Removed'. */
export function useConfirmDeleteCampaign() {
  const deletion = useDeleteCampaign();

  function confirmDelete(campaign: Pick<CampaignView, 'uuid' | 'name'>, onDeleted?: () => void) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: (
        <Text size="sm">
          <strong>{campaign.name}</strong> will be deleted and its link will stop counting posts. You won't be able to recover this campaign!
        </Text>
      ),
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(campaign.uuid, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'Campaign Removed', message: `${campaign.name} was deleted.` });
            onDeleted?.();
          },
          onError: () => notifications.show({ color: 'red', title: 'The campaign was not deleted', message: 'Please try again in a moment.' }),
        }),
    });
  }

  return { confirmDelete, deletingUuid: deletion.isPending ? deletion.variables : undefined };
}
