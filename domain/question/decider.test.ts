import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { QuestionCommand } from './commands';
import { questionDecider, questionErrors } from './decider';
import type { QuestionEvent } from './events';

const given = specFor(questionDecider);

describe('the questions of a product', () => {
  describe('when there are none', () => {
    it('a new question is created first and active', () => {
      expect(given([]).when(create(q1, 'Do you lend to self-employed customers?'))).toEqual({
        ok: true,
        events: [created(q1, 1, 'Do you lend to self-employed customers?')],
      });
    });

    it('nothing can be changed, removed or reordered', () => {
      expect(given([]).when(change(q1, { description: 'X' }))).toMatchObject({ ok: false, error: { code: questionErrors.notFound } });
      expect(given([]).when(removeIt(q1))).toEqual({ ok: false, error: { code: questionErrors.notFound, message: 'Question not found.' } });
      expect(given([]).when(reorder([q1, 1]))).toMatchObject({ ok: false, error: { code: questionErrors.notFound } });
    });
  });

  describe('when a question exists', () => {
    const history = [created(q1, 1), created(q2, 2), created(q3, 3)];

    it('a new question goes last', () => {
      expect(given(history).when(create(q4))).toEqual({ ok: true, events: [created(q4, 4)] });
    });

    it('cannot be created again', () => {
      expect(given(history).when(create(q2))).toMatchObject({ ok: false, error: { code: questionErrors.alreadyExists } });
    });

    it('records a new text', () => {
      expect(given(history).when(change(q2, { description: 'New text?' }))).toEqual({
        ok: true,
        events: [{ type: 'QuestionDescriptionChanged', data: { product_id: product, question_id: q2, description: 'New text?' } }],
      });
    });

    it('records nothing when nothing changed', () => {
      expect(given(history).when(change(q2, { description: text(q2), status: 'active' }))).toEqual({ ok: true, events: [] });
    });

    it('toggles to inactive and back (spec 3 §4)', () => {
      const deactivated: QuestionEvent = { type: 'QuestionDeactivated', data: { product_id: product, question_id: q2 } };
      expect(given(history).when(change(q2, { status: 'inactive' }))).toEqual({ ok: true, events: [deactivated] });
      expect(given([...history, deactivated]).when(change(q2, { status: 'active' }))).toEqual({
        ok: true,
        events: [{ type: 'QuestionActivated', data: { product_id: product, question_id: q2 } }],
      });
    });

    it('records the text and the status together', () => {
      expect(given(history).when(change(q1, { description: 'Why?', status: 'inactive' }))).toEqual({
        ok: true,
        events: [
          { type: 'QuestionDescriptionChanged', data: { product_id: product, question_id: q1, description: 'Why?' } },
          { type: 'QuestionDeactivated', data: { product_id: product, question_id: q1 } },
        ],
      });
    });

    it('is removed, and the questions after it move up', () => {
      const removed: QuestionEvent = { type: 'QuestionRemoved', data: { product_id: product, question_id: q1 } };
      expect(given(history).when(removeIt(q1))).toEqual({ ok: true, events: [removed] });
      expect(given([...history, removed]).when(create(q4))).toEqual({ ok: true, events: [created(q4, 3)] });
    });

    it('moves one question to the top; the others keep their order', () => {
      expect(given(history).when(reorder([q3, 1]))).toEqual({ ok: true, events: [reordered([q3, 1], [q1, 2], [q2, 3])] });
    });

    it('swaps two questions; the one between them stays', () => {
      expect(given(history).when(reorder([q1, 3], [q3, 1]))).toEqual({ ok: true, events: [reordered([q3, 1], [q1, 3])] });
    });

    it('records nothing when the order is unchanged', () => {
      expect(given(history).when(reorder([q1, 1], [q2, 2]))).toEqual({ ok: true, events: [] });
    });

    it('refuses positions outside 1..n, shared positions and a question listed twice', () => {
      expect(given(history).when(reorder([q1, 4]))).toEqual({
        ok: false,
        error: { code: questionErrors.invalidPositions, message: 'Positions go from 1 to 3.' },
      });
      expect(given(history).when(reorder([q1, 0]))).toMatchObject({ ok: false, error: { code: questionErrors.invalidPositions } });
      expect(given(history).when(reorder([q1, 2], [q2, 2]))).toMatchObject({
        ok: false,
        error: { message: 'Two questions cannot share position 2.' },
      });
      expect(given(history).when(reorder([q1, 2], [q1, 3]))).toMatchObject({ ok: false, error: { message: 'A question is listed twice.' } });
    });

    it('refuses to reorder a question it does not hold', () => {
      expect(given(history).when(reorder([q1, 2], [q4, 1]))).toMatchObject({ ok: false, error: { code: questionErrors.notFound } });
    });
  });

  describe('when a question was removed', () => {
    const history: QuestionEvent[] = [created(q1, 1), { type: 'QuestionRemoved', data: { product_id: product, question_id: q1 } }];

    it('cannot be changed, removed again, reordered or re-created', () => {
      expect(given(history).when(change(q1, { status: 'inactive' }))).toMatchObject({ ok: false, error: { code: questionErrors.notFound } });
      expect(given(history).when(removeIt(q1))).toMatchObject({ ok: false, error: { code: questionErrors.notFound } });
      expect(given(history).when(reorder([q1, 1]))).toMatchObject({ ok: false, error: { code: questionErrors.notFound } });
      expect(given(history).when(create(q1))).toMatchObject({ ok: false, error: { code: questionErrors.alreadyExists } });
    });
  });

  it('property: positions stay a permutation of 1..n after any sequence of creates, changes, removals and reorders', () => {
    // Commands name questions by index into the ids seen so far (one past the end is an unknown id), so the
    // generator needs no state and most commands hit real questions.
    const step = fc.oneof(
      { weight: 3, arbitrary: fc.constant({ kind: 'create' as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), active: fc.boolean() }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('reorder' as const),
          placements: fc.array(fc.record({ pick: fc.nat(), position: fc.integer({ min: 0, max: 14 }) }), { minLength: 1, maxLength: 6 }),
        }),
      },
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state = questionDecider.initialState();
        // What a read model folding the events sees: question id → position.
        const positions = new Map<string, number>();
        const ids: string[] = [];
        const pick = (n: number) => (n % (ids.length + 1) === ids.length ? unknown : ids[n % (ids.length + 1)]!);

        for (const s of steps) {
          const command: QuestionCommand =
            s.kind === 'create'
              ? create(`q-${ids.push(`q-${ids.length}`) - 1}`)
              : s.kind === 'change'
                ? change(pick(s.pick), { status: s.active ? 'active' : 'inactive' })
                : s.kind === 'remove'
                  ? removeIt(pick(s.pick))
                  : reorder(...s.placements.map((p): [string, number] => [pick(p.pick), p.position]));
          const decision = questionDecider.decide(command, state);
          if (!decision.ok) continue;

          for (const event of decision.events) applyToReadModel(positions, event);
          state = decision.events.reduce(questionDecider.evolve, state);

          const n = state.questions.length;
          expect([...positions.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
          expect(state.questions.map((q) => positions.get(q.question_id))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
          if (command.type === 'ReorderQuestions') {
            for (const { question_id, position } of command.data.placements) expect(positions.get(question_id)).toBe(position);
          }
        }
      }),
    );
  });
});

/** The same folding the `questions` projection does in SQL. */
function applyToReadModel(positions: Map<string, number>, event: QuestionEvent) {
  switch (event.type) {
    case 'QuestionCreated':
      positions.set(event.data.question_id, event.data.position);
      return;
    case 'QuestionRemoved': {
      const removedAt = positions.get(event.data.question_id)!;
      positions.delete(event.data.question_id);
      for (const [id, position] of positions) if (position > removedAt) positions.set(id, position - 1);
      return;
    }
    case 'QuestionsReordered':
      for (const { question_id, position } of event.data.positions) positions.set(question_id, position);
      return;
    default:
      return;
  }
}

const product = '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b';
const q1 = '11111111-1111-4111-8111-111111111111';
const q2 = '22222222-2222-4222-8222-222222222222';
const q3 = '33333333-3333-4333-8333-333333333333';
const q4 = '44444444-4444-4444-8444-444444444444';
const unknown = '99999999-9999-4999-8999-999999999999';
const text = (id: string) => `Question ${id.slice(0, 4)}?`;
const create = (question_id: string, description = text(question_id)): QuestionCommand => ({
  type: 'CreateQuestion',
  data: { product_id: product, question_id, description },
});
const created = (question_id: string, position: number, description = text(question_id)): QuestionEvent => ({
  type: 'QuestionCreated',
  data: { product_id: product, question_id, description, status: 'active', position },
});
const change = (question_id: string, changes: { description?: string; status?: 'active' | 'inactive' }): QuestionCommand => ({
  type: 'ChangeQuestion',
  data: { product_id: product, question_id, changes },
});
const removeIt = (question_id: string): QuestionCommand => ({ type: 'RemoveQuestion', data: { product_id: product, question_id } });
const reorder = (...placements: [string, number][]): QuestionCommand => ({
  type: 'ReorderQuestions',
  data: { product_id: product, placements: placements.map(([question_id, position]) => ({ question_id, position })) },
});
const reordered = (...positions: [string, number][]): QuestionEvent => ({
  type: 'QuestionsReordered',
  data: { product_id: product, positions: positions.map(([question_id, position]) => ({ question_id, position })) },
});
