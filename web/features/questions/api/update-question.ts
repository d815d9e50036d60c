import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionChanges } from '../../../../domain/question/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { questionKeys } from './question-keys';
import { questionPath } from './questions-path';
import { savedQuestion } from './saved-question';

/** Changes the text, the status (the active/inactive toggle), or both. */
export function updateQuestion({ uuid, changes }: { uuid: string; changes: QuestionChanges }) {
  return apiFetch(questionPath(uuid), { method: 'PATCH', body: { question: changes }, schema: savedQuestion });
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: async (saved) => {
      if ('description' in saved) queryClient.setQueryData(questionKeys.detail(saved.uuid), saved);
      else await queryClient.invalidateQueries({ queryKey: questionKeys.detail(saved.uuid) });
      // A toggle moves the question between the active and the inactive list: both are refreshed.
      await queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
