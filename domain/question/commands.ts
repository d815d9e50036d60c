import type { QuestionStatus } from './schemas';

export type CreateQuestion = {
  type: 'CreateQuestion';
  data: { product_id: string; question_id: string; description: string };
};

export type ChangeQuestion = {
  type: 'ChangeQuestion';
  data: { product_id: string; question_id: string; changes: { description?: string; status?: QuestionStatus } };
};

export type RemoveQuestion = {
  type: 'RemoveQuestion';
  data: { product_id: string; question_id: string };
};

/** Puts the named questions at the given positions; the others keep their order and fill the places left. */
export type ReorderQuestions = {
  type: 'ReorderQuestions';
  data: { product_id: string; placements: { question_id: string; position: number }[] };
};

export type QuestionCommand = CreateQuestion | ChangeQuestion | RemoveQuestion | ReorderQuestions;
