import type { QuestionCommand } from '../../domain/question/commands';
import { questionDecider } from '../../domain/question/decider';
import { questionListStream } from '../../domain/question/events';
import { type CommandContext, handleCommand, loadState } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';

// The admin's edits of a product's questions (spec 3 §7 "Questions"). Every write goes to the product's one question
// list stream, so a reorder and a concurrent create or removal never leave positions with gaps or duplicates
// (docs/events.md "Questions"). Change and removal are the command as it is; creation and reordering answer more.

type Dependencies = Pick<WorkflowDependencies, 'store' | 'ids'>;

/** Runs one command on the product's list: decided on the whole list, appended, retried on a conflict. */
export const editQuestionList = (deps: Dependencies, command: QuestionCommand, context: CommandContext) =>
  handleCommand({ store: deps.store, ids: deps.ids, streamId: questionListStream(command.data.product_id), decider: questionDecider, command, context });

/** A new question goes last, active; the answer names its new id. */
export async function createQuestion(deps: Dependencies, input: { productId: string; description: string }, context: CommandContext) {
  const questionId = deps.ids.uuid();
  const result = await editQuestionList(deps, { type: 'CreateQuestion', data: { product_id: input.productId, question_id: questionId, description: input.description } }, context);
  return result.ok ? { ok: true as const, questionId, position: result.position } : result;
}

/** The named questions take the given positions; the answer is the whole order from the write side, exact at once. */
export async function reorderQuestions(deps: Dependencies, input: { productId: string; placements: { uuid: string; position: number }[] }, context: CommandContext) {
  const placements = input.placements.map(({ uuid, position }) => ({ question_id: uuid, position }));
  const result = await editQuestionList(deps, { type: 'ReorderQuestions', data: { product_id: input.productId, placements } }, context);
  if (!result.ok) return result;
  return { ok: true as const, position: result.position, order: result.state.questions.map((q, index) => ({ uuid: q.question_id, position: index + 1 })) };
}

/** The ids of the product's active questions now, from the write side (providers' answers are checked against these). */
export async function activeQuestionIds(deps: Pick<WorkflowDependencies, 'store'>, productId: string): Promise<string[]> {
  const { state } = await loadState(deps.store, questionListStream(productId), questionDecider);
  return state.questions.filter((q) => q.status === 'active').map((q) => q.question_id);
}
