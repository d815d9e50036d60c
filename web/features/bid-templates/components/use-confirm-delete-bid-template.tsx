import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../../../lib/api-error';
import { useDeleteBidTemplate } from '../api/delete-bid-template';
import { bidTemplateTexts } from '../bid-template-texts';

/** spec 3 §4 step 8, §8: a template is deleted only after 'Your will not be able to recover this bid template!'. */
export function useConfirmDeleteBidTemplate() {
  const deletion = useDeleteBidTemplate();

  function confirmDelete(template: { uuid: string; name: string }, onDeleted?: () => void) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: (
        <Text size="sm">
          <strong>{template.name}</strong> will be deleted. {bidTemplateTexts.deleteConfirm}
        </Text>
      ),
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(template.uuid, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: bidTemplateTexts.deleted.title, message: bidTemplateTexts.deleted.message(template.uuid) });
            onDeleted?.();
          },
          onError: (error) => {
            notifications.show({
              color: 'red',
              title: 'The bid template was not deleted',
              message: isApiError(error) && [403, 409, 422].includes(error.status) && error.detail ? error.detail : 'Please try again in a moment.',
            });
          },
        }),
    });
  }

  return { confirmDelete, deletingUuid: deletion.isPending ? deletion.variables : undefined };
}
