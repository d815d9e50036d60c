import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import type { ChangeQuestion, CreateQuestion, QuestionCommand, RemoveQuestion, ReorderQuestions } from './commands';
import type { QuestionEvent } from './events';
import type { QuestionStatus } from './schemas';

// The questions of one product (spec 3 §3, §4). The aggregate is the product's whole list, because a reorder
// moves many questions at once and positions must stay 1..n (docs/events.md "Questions").

export type ListedQuestion = { question_id: string; description: string; status: QuestionStatus };

/**
 * The list in position order: a question's position is its index + 1, so a gap or a shared position cannot be
 * written. Removed ids are kept so a removed question is never created again under the same id.
 */
export type QuestionListState = { questions: readonly ListedQuestion[]; removed: readonly string[] };

export const questionErrors = {
  alreadyExists: 'QUESTION_ALREADY_EXISTS',
  notFound: 'QUESTION_NOT_FOUND',
  invalidPositions: 'QUESTION_POSITIONS_INVALID',
} as const;

const notFound = () => reject<QuestionEvent>(questionErrors.notFound, 'Question not found.');

const initialState = (): QuestionListState => ({ questions: [], removed: [] });

const indexOf = (state: QuestionListState, questionId: string) => state.questions.findIndex((q) => q.question_id === questionId);

function create(command: CreateQuestion, state: QuestionListState): Decision<QuestionEvent> {
  const { product_id, question_id, description } = command.data;
  if (indexOf(state, question_id) >= 0 || state.removed.includes(question_id)) {
    return reject(questionErrors.alreadyExists, 'This question already exists.');
  }
  // New questions go last and are active.
  return accept({
    type: 'QuestionCreated',
    data: { product_id, question_id, description, status: 'active', position: state.questions.length + 1 },
  });
}

function change(command: ChangeQuestion, state: QuestionListState): Decision<QuestionEvent> {
  const { product_id, question_id, changes } = command.data;
  const question = state.questions[indexOf(state, question_id)];
  if (!question) return notFound();
  const events: QuestionEvent[] = [];
  if (changes.description !== undefined && changes.description !== question.description) {
    events.push({ type: 'QuestionDescriptionChanged', data: { product_id, question_id, description: changes.description } });
  }
  // spec 3 §4: a question toggles between active and inactive.
  if (changes.status !== undefined && changes.status !== question.status) {
    events.push({ type: changes.status === 'active' ? 'QuestionActivated' : 'QuestionDeactivated', data: { product_id, question_id } });
  }
  return accept(...events);
}

function remove(command: RemoveQuestion, state: QuestionListState): Decision<QuestionEvent> {
  if (indexOf(state, command.data.question_id) < 0) return notFound();
  return accept({ type: 'QuestionRemoved', data: { ...command.data } });
}

/** The named questions take the given places; the others keep their relative order and fill the places left. */
function reorder(command: ReorderQuestions, state: QuestionListState): Decision<QuestionEvent> {
  const { product_id, placements } = command.data;
  const count = state.questions.length;
  const ids = new Set<string>();
  const positions = new Set<number>();
  for (const { question_id, position } of placements) {
    if (indexOf(state, question_id) < 0) return notFound();
    if (ids.has(question_id)) return reject(questionErrors.invalidPositions, 'A question is listed twice.');
    if (!Number.isInteger(position) || position < 1 || position > count) {
      return reject(questionErrors.invalidPositions, `Positions go from 1 to ${count}.`);
    }
    if (positions.has(position)) return reject(questionErrors.invalidPositions, `Two questions cannot share position ${position}.`);
    ids.add(question_id);
    positions.add(position);
  }

  const places: (ListedQuestion | undefined)[] = new Array(count).fill(undefined);
  for (const { question_id, position } of placements) places[position - 1] = state.questions[indexOf(state, question_id)];
  const rest = state.questions.filter((q) => !ids.has(q.question_id));
  let next = 0;
  const order = places.map((placed) => placed ?? rest[next++]!);

  const moved = order.flatMap((q, index) =>
    state.questions[index]?.question_id === q.question_id ? [] : [{ question_id: q.question_id, position: index + 1 }],
  );
  if (moved.length === 0) return accept();
  return accept({ type: 'QuestionsReordered', data: { product_id, positions: moved } });
}

function decide(command: QuestionCommand, state: QuestionListState): Decision<QuestionEvent> {
  switch (command.type) {
    case 'CreateQuestion':
      return create(command, state);
    case 'ChangeQuestion':
      return change(command, state);
    case 'RemoveQuestion':
      return remove(command, state);
    case 'ReorderQuestions':
      return reorder(command, state);
    default:
      return assertNever(command);
  }
}

function update(state: QuestionListState, questionId: string, patch: Partial<ListedQuestion>): QuestionListState {
  return { ...state, questions: state.questions.map((q) => (q.question_id === questionId ? { ...q, ...patch } : q)) };
}

function evolve(state: QuestionListState, event: QuestionEvent): QuestionListState {
  switch (event.type) {
    case 'QuestionCreated': {
      const { question_id, description, status } = event.data;
      return { ...state, questions: [...state.questions, { question_id, description, status }] };
    }
    case 'QuestionDescriptionChanged':
      return update(state, event.data.question_id, { description: event.data.description });
    case 'QuestionActivated':
      return update(state, event.data.question_id, { status: 'active' });
    case 'QuestionDeactivated':
      return update(state, event.data.question_id, { status: 'inactive' });
    case 'QuestionRemoved':
      return {
        questions: state.questions.filter((q) => q.question_id !== event.data.question_id),
        removed: [...state.removed, event.data.question_id],
      };
    case 'QuestionsReordered': {
      const moved = new Map(event.data.positions.map((p) => [p.question_id, p.position]));
      const questions = state.questions
        .map((question, index) => ({ question, position: moved.get(question.question_id) ?? index + 1 }))
        .sort((a, b) => a.position - b.position)
        .map(({ question }) => question);
      return { ...state, questions };
    }
    default:
      return assertNever(event);
  }
}

export const questionDecider: Decider<QuestionListState, QuestionCommand, QuestionEvent> = {
  initialState,
  decide,
  evolve,
};
