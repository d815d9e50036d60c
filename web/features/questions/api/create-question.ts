import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionFields } from '../../../../domain/question/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { questionKeys } from './question-keys';
import { questionsPath } from './questions-path';
import { savedQuestion } from './saved-question';

export function createQuestion(question: QuestionFields) {
  return apiFetch(questionsPath, { method: 'POST', body: { question }, schema: savedQuestion });
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: async (saved) => {
      if ('description' in saved) queryClient.setQueryData(questionKeys.detail(saved.uuid), saved);
      else await queryClient.invalidateQueries({ queryKey: questionKeys.detail(saved.uuid) });
      await queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
