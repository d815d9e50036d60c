import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-fetch';
import { questionKeys } from './question-keys';
import { questionPath } from './questions-path';

export function deleteQuestion(uuid: string) {
  return apiFetch(questionPath(uuid), { method: 'DELETE' });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: async (_, uuid) => {
      // Marked stale but not refetched: the detail page still on screen would otherwise fetch a 404 before it
      // navigates away. The questions after it moved up, so every list is refreshed, and so are their details.
      await queryClient.invalidateQueries({ queryKey: questionKeys.detail(uuid), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: questionKeys.all, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
