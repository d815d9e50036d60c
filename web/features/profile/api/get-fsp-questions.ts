import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fspQuestionView } from '../../../../domain/user/profile';
import { apiFetch } from '../../../lib/api-fetch';
import { profileKeys } from './profile-keys';

export const fspQuestions = z.object({ total_records: z.number().int(), result: z.array(fspQuestionView) });

/** `GET /v2/fsps/{uuid}/fsp_questions`: the active questions in their order with the provider's answers. */
export function getFspQuestions(uuid: string, signal?: AbortSignal) {
  return apiFetch(`/v2/fsps/${encodeURIComponent(uuid)}/fsp_questions`, { schema: fspQuestions, signal });
}

export function fspQuestionsQueryOptions(uuid: string) {
  return queryOptions({ queryKey: profileKeys.answers(uuid), queryFn: ({ signal }) => getFspQuestions(uuid, signal) });
}

export function useFspQuestions(uuid: string) {
  return useSuspenseQuery(fspQuestionsQueryOptions(uuid)).data.result;
}
