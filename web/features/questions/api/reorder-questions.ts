import { type QuestionPlacement, questionOrderView } from '../../../../domain/question/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { questionsPath } from './questions-path';

/**
 * `PATCH /v1/products/{product_uuid}/questions` with `{ questions: [{ uuid, position }] }` (the bulk reorder). Answers
 * the product's whole order.
 */
export function reorderQuestions(placements: QuestionPlacement[]) {
  return apiFetch(questionsPath, { method: 'PATCH', body: { questions: placements }, schema: questionOrderView });
}
