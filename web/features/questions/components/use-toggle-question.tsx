import { notifications } from '@mantine/notifications';
import type { QuestionView } from '../../../../domain/question/schemas';
import { isApiError } from '../../../lib/api-error';
import { useUpdateQuestion } from '../api/update-question';
import { questionToggledToast, shortQuestion } from '../question-labels';

/** A question toggles between active and inactive, with the toasts of spec 3 §4. */
export function useToggleQuestion() {
  const update = useUpdateQuestion();

  function toggle(question: Pick<QuestionView, 'uuid' | 'description' | 'status'>, onToggled?: () => void) {
    const status = question.status === 'active' ? 'inactive' : 'active';
    update.mutate(
      { uuid: question.uuid, changes: { status } },
      {
        onSuccess: () => {
          notifications.show({ color: status === 'active' ? 'teal' : 'gray', title: questionToggledToast[status], message: shortQuestion(question.description) });
          onToggled?.();
        },
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: 'The question was not changed',
            message: isApiError(error, 404) ? 'This question no longer exists.' : 'Please try again in a moment.',
          });
        },
      },
    );
  }

  return { toggle, togglingUuid: update.isPending ? update.variables.uuid : undefined };
}
