import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { userView } from '../../../../domain/user/schemas';
import { providerAnswerView } from '../../../../domain/user/user-management';
import { apiFetch } from '../../../lib/api-fetch';
import { userKeys } from './user-keys';

export const userWithAnswers = userView.extend({ questions: providerAnswerView.array().optional() });

/** `GET /v1/users/{uuid}?include=questions`: the user, and a provider's answers to the questions. */
export function userQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: userKeys.detail(uuid),
    queryFn: ({ signal }) => apiFetch(`/v1/users/${encodeURIComponent(uuid)}?include=questions`, { schema: userWithAnswers, signal }),
  });
}

export function useUser(uuid: string) {
  return useSuspenseQuery(userQueryOptions(uuid));
}
