import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type QuestionStatus, type questionFilter, type questionSortable, questionView } from '../../../../domain/question/schemas';
import { listResultSchema, type sortDirection } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { questionKeys } from './question-keys';
import { questionsPath } from './questions-path';

export type QuestionSortField = (typeof questionSortable)[number];
export type QuestionFilter = z.infer<typeof questionFilter>;

export type QuestionListParams = {
  status: QuestionStatus;
  page: number;
  count: number;
  sort: QuestionSortField;
  direction: z.infer<typeof sortDirection>;
  filter: QuestionFilter;
};

export const questionList = listResultSchema(questionView);
export type QuestionList = z.infer<typeof questionList>;

/** `GET /v1/products/{product_uuid}/questions?status=active&page=1&count=100&sorting[position]=asc&filter[description]=…` */
export function questionListPath({ status, page, count, sort, direction, filter }: QuestionListParams): string {
  const query = new URLSearchParams({ status, page: String(page), count: String(count) });
  query.set(`sorting[${sort}]`, direction);
  if (filter.description) query.set('filter[description]', filter.description);
  return `${questionsPath}?${query.toString()}`;
}

export function listQuestions(params: QuestionListParams, signal?: AbortSignal) {
  return apiFetch(questionListPath(params), { schema: questionList, signal });
}

export function questionsQueryOptions(params: QuestionListParams) {
  return queryOptions({
    queryKey: questionKeys.list(params),
    queryFn: ({ signal }) => listQuestions(params, signal),
  });
}

export function useQuestions(params: QuestionListParams) {
  return useSuspenseQuery(questionsQueryOptions(params));
}
