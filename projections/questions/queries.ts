import { type QuestionListQuery, questionSortable } from '../../domain/question/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import type { QuestionRow } from './questions';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A product's questions, by status if asked; in their order (position ascending) unless sorted otherwise. */
export async function listQuestions(db: Database, productId: string, query: QuestionListQuery): Promise<ListResult<QuestionRow>> {
  let filtered = db.selectFrom('questions').where('product_id', '=', productId);
  if (query.status) filtered = filtered.where('status', '=', query.status);
  const description = query.filter?.description;
  if (description) filtered = filtered.where('description', 'ilike', `%${escapeLike(description)}%`);

  const sorting = questionSortable.flatMap((field) => {
    const direction = query.sorting?.[field];
    return direction ? [[field, direction] as const] : [];
  });
  let ordered = filtered.selectAll();
  for (const [field, direction] of sorting.length > 0 ? sorting : [['position', 'asc'] as const]) {
    ordered = ordered.orderBy(field, direction);
  }
  // Position is unique per product, so it breaks ties and pages never overlap.
  const [rows, total] = await Promise.all([
    ordered.orderBy('position').limit(query.count).offset((query.page - 1) * query.count).execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { total_records: Number(total.total), result: rows };
}

export async function findQuestion(db: Database, productId: string, uuid: string): Promise<QuestionRow | undefined> {
  return db.selectFrom('questions').selectAll().where('product_id', '=', productId).where('uuid', '=', uuid).executeTakeFirst();
}
