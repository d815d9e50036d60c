import type { QuestionStatus } from '../../domain/question/schemas';

// The table `createTables` in questions.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface QuestionsTable {
  uuid: string;
  product_id: string;
  description: string;
  status: QuestionStatus;
  position: number;
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface QuestionsTables {
  questions: QuestionsTable;
}
