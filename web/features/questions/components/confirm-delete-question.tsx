import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { QuestionView } from '../../../../domain/question/schemas';
import { useDeleteQuestion } from '../api/delete-question';
import { shortQuestion } from '../question-labels';

/**
 * Asks before deleting with the spec's confirmation 'Your will not be able to recover this question!' (spec 3 §8,
 * verbatim), then shows 'Question Removed' or 'Question Not Removed'.
 */
export function useConfirmDeleteQuestion() {
  const deletion = useDeleteQuestion();

  function confirmDelete(question: Pick<QuestionView, 'uuid' | 'description'>, onDeleted?: () => void) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: (
        <>
          <Text size="sm" fs="italic" mb="xs">
            {shortQuestion(question.description, 120)}
          </Text>
          <Text size="sm">Your will not be able to recover this question!</Text>
        </>
      ),
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(question.uuid, {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'Question Removed', message: shortQuestion(question.description) });
            onDeleted?.();
          },
          onError: () => {
            notifications.show({ color: 'red', title: 'Question Not Removed', message: 'Please try again in a moment.' });
          },
        }),
    });
  }

  return { confirmDelete, deletingUuid: deletion.isPending ? deletion.variables : undefined };
}
