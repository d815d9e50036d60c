import { z } from 'zod';
import { type QuestionStatus, questionFilter, questionSortable } from '../../../domain/question/schemas';
import { listPageSizes, sortDirection } from '../../../domain/shared/list-query';
import type { QuestionListParams } from './api/list-questions';

// The list's state lives in the URL (page, sort, search), so it survives reloads and can be shared. A value that
// does not fit is dropped rather than failing the page. The default order is the questions' own (position
// ascending), the order providers see them in.

/**
 * A list that is reordered by moving rows reads best whole: 100 a page (the API's largest page) keeps a product's
 * questions on one page in practice.
 */
export const questionsPageSize = listPageSizes.max;

/** TanStack Router reads `?description=2024` as a number; the search wants text. */
const searchText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), questionFilter.shape.description);

export const questionListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  sort: z.enum(questionSortable).optional().catch(undefined),
  direction: sortDirection.optional().catch(undefined),
  description: searchText.catch(undefined),
});

export type QuestionListSearch = z.infer<typeof questionListSearch>;

export function toListParams(status: QuestionStatus, search: QuestionListSearch): QuestionListParams {
  return {
    status,
    page: search.page ?? 1,
    count: questionsPageSize,
    sort: search.sort ?? 'position',
    direction: search.direction ?? 'asc',
    filter: search.description ? { description: search.description } : {},
  };
}

/** Moving rows makes sense only in the questions' own order, with every question of the status in view. */
export function canReorder(params: QuestionListParams): boolean {
  return params.sort === 'position' && params.direction === 'asc' && !params.filter.description;
}
