import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ProviderAnswer } from '../../../../domain/user/profile';
import { apiFetch } from '../../../lib/api-fetch';
import { fspQuestions } from './get-fsp-questions';
import { profileKeys } from './profile-keys';

/** `PATCH /v1/fsps/update_profile {questions}`: an active provider's answers (spec 3 §7). */
export function updateAnswers(questions: ProviderAnswer[]) {
  return apiFetch('/v1/fsps/update_profile', { method: 'PATCH', body: { questions }, schema: fspQuestions.or(z.object({ uuid: z.string() })) });
}

export function useUpdateAnswers(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnswers,
    onSuccess: async (saved) => {
      if ('result' in saved) queryClient.setQueryData(profileKeys.answers(uuid), saved);
      else await queryClient.invalidateQueries({ queryKey: profileKeys.answers(uuid) });
    },
  });
}
