import type { QuestionStatus } from './schemas';

// All questions of a product live in one stream, `question_list-<product uuid>`, so their positions are decided
// together and always stay 1..n without gaps or duplicates (docs/events.md "Questions").

export type QuestionCreated = {
  type: 'QuestionCreated';
  /** `position` is the new last place (n + 1); a new question is active. */
  data: { product_id: string; question_id: string; description: string; status: QuestionStatus; position: number };
};

export type QuestionDescriptionChanged = {
  type: 'QuestionDescriptionChanged';
  data: { product_id: string; question_id: string; description: string };
};

export type QuestionActivated = {
  type: 'QuestionActivated';
  data: { product_id: string; question_id: string };
};

export type QuestionDeactivated = {
  type: 'QuestionDeactivated';
  data: { product_id: string; question_id: string };
};

/** The question leaves the list; every question after it moves up one place. */
export type QuestionRemoved = {
  type: 'QuestionRemoved';
  data: { product_id: string; question_id: string };
};

/** The new position of every question whose position changed; the others keep theirs. */
export type QuestionsReordered = {
  type: 'QuestionsReordered';
  data: { product_id: string; positions: { question_id: string; position: number }[] };
};

export type QuestionEvent =
  | QuestionCreated
  | QuestionDescriptionChanged
  | QuestionActivated
  | QuestionDeactivated
  | QuestionRemoved
  | QuestionsReordered;

export const questionEventTypes = [
  'QuestionCreated',
  'QuestionDescriptionChanged',
  'QuestionActivated',
  'QuestionDeactivated',
  'QuestionRemoved',
  'QuestionsReordered',
] as const;

export const questionListStream = (productId: string) => `question_list-${productId}`;
