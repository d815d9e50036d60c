import type { QuestionStatus } from '../../../domain/question/schemas';

export const questionStatusLabels: Record<QuestionStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
};

/** The toasts of spec 3 §4 and §8, verbatim. */
export const questionToggledToast: Record<QuestionStatus, string> = {
  active: 'Question is now active',
  inactive: 'Question is now inactive',
};

/** Long questions are cut in toasts and labels; the page shows them whole. */
export function shortQuestion(description: string, length = 60): string {
  return description.length <= length ? description : `${description.slice(0, length - 1).trimEnd()}…`;
}
