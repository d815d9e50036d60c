import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { questionView } from '../../../../domain/question/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { questionKeys } from './question-keys';
import { questionPath } from './questions-path';

export function getQuestion(uuid: string, signal?: AbortSignal) {
  return apiFetch(questionPath(uuid), { schema: questionView, signal });
}

export function questionQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: questionKeys.detail(uuid),
    queryFn: ({ signal }) => getQuestion(uuid, signal),
  });
}

export function useQuestion(uuid: string) {
  return useSuspenseQuery(questionQueryOptions(uuid));
}
