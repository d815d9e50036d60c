import { describe, expect, it } from 'vitest';
import type { QuestionEvent } from '../../domain/question/events';
import { questionListStream } from '../../domain/question/events';
import { projectionTestbed } from '../../tests/support/projection-testbed';
import { findQuestion, listQuestions } from './queries';
import { questionsProjection } from './questions';

const testbed = projectionTestbed(questionsProjection);

const product = '6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b';
const otherProduct = '7a2d4c9f-3b5e-4f60-8b8c-1d2e3f4a5b6c';
const ids = ['a', 'b', 'c', 'd'].map((letter) => `${letter.repeat(8)}-0000-4000-8000-000000000000`);
const [a, b, c, d] = ids as [string, string, string, string];

/** Appends events as the decider would have written them, then lets the projection catch up. */
const given = (productId: string, events: QuestionEvent[], at?: string) => testbed.given(questionListStream(productId), events, { at });

const query = { page: 1, count: 100 } as const;
const rows = async (productId = product) =>
  (await listQuestions(testbed.db(), productId, query)).result.map((r) => [r.position, r.uuid.slice(0, 1), r.status, r.description]);
const created = (question_id: string, position: number, productId = product): QuestionEvent => ({
  type: 'QuestionCreated',
  data: { product_id: productId, question_id, description: `Question ${question_id.slice(0, 1)}?`, status: 'active', position },
});

describe('the questions read model', () => {
  it('lists new questions in their positions, per product', async () => {
    await given(product, [created(a, 1), created(b, 2), created(c, 3), created(d, 4)]);
    await given(otherProduct, [created('eeeeeeee-0000-4000-8000-000000000000', 1, otherProduct)]);
    expect(await rows()).toEqual([
      [1, 'a', 'active', 'Question a?'],
      [2, 'b', 'active', 'Question b?'],
      [3, 'c', 'active', 'Question c?'],
      [4, 'd', 'active', 'Question d?'],
    ]);
    expect(await rows(otherProduct)).toEqual([[1, 'e', 'active', 'Question e?']]);
  });

  it('swaps places and moves the others up after a removal', async () => {
    await given(product, [
      { type: 'QuestionsReordered', data: { product_id: product, positions: [{ question_id: d, position: 1 }, { question_id: a, position: 4 }] } },
      { type: 'QuestionRemoved', data: { product_id: product, question_id: b } },
    ]);
    expect((await rows()).map(([position, id]) => `${position}${id}`)).toEqual(['1d', '2c', '3a']);
    expect(await rows(otherProduct)).toHaveLength(1);
  });

  it('records text and status changes with their time; a reorder is not an edit', async () => {
    await given(
      product,
      [
        { type: 'QuestionDescriptionChanged', data: { product_id: product, question_id: c, description: 'Changed?' } },
        { type: 'QuestionDeactivated', data: { product_id: product, question_id: d } },
      ],
      '2026-11-22T09:00:00.000Z',
    );
    await given(
      product,
      [{ type: 'QuestionsReordered', data: { product_id: product, positions: [{ question_id: c, position: 1 }, { question_id: d, position: 2 }] } }],
      '2026-11-23T09:00:00.000Z',
    );
    expect(await rows()).toEqual([
      [1, 'c', 'active', 'Changed?'],
      [2, 'd', 'inactive', 'Question d?'],
      [3, 'a', 'active', 'Question a?'],
    ]);
    const row = await findQuestion(testbed.db(), product, c);
    expect(row?.updated_at.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(row?.created_at.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(await findQuestion(testbed.db(), otherProduct, c)).toBeUndefined();
  });
});
