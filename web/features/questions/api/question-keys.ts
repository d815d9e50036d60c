import type { QuestionListParams } from './list-questions';

// Hierarchical query keys: invalidating ['questions', 'list'] refreshes the active and the inactive lists (every
// page and search) without touching the questions already loaded by uuid.
export const questionKeys = {
  all: ['questions'] as const,
  lists: () => ['questions', 'list'] as const,
  list: (params: QuestionListParams) => ['questions', 'list', params] as const,
  detail: (uuid: string) => ['questions', uuid] as const,
};
