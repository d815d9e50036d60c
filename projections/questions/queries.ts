import { type QuestionListQuery, questionSortable } from '../../domain/question/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { escapeLike, pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { QuestionRow } from './questions';


/** A product's questions, by status if asked; in their order (position ascending) unless sorted otherwise. */
export async function listQuestions(db: Database, productId: string, query: QuestionListQuery): Promise<ListResult<QuestionRow>> {
  let filtered = db.selectFrom('questions').where('product_id', '=', productId);
  if (query.status) filtered = filtered.where('status', '=', query.status);
  const description = query.filter?.description;
  if (description) filtered = filtered.where('description', 'ilike', `%${escapeLike(description)}%`);

  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(questionSortable, query.sorting, ['position', 'asc'])) ordered = ordered.orderBy(field, direction);
  // Position is unique per product, so it breaks ties and pages never overlap.
  return pageOf(ordered.orderBy('position'), filtered, query);
}

export async function findQuestion(db: Database, productId: string, uuid: string): Promise<QuestionRow | undefined> {
  return db.selectFrom('questions').selectAll().where('product_id', '=', productId).where('uuid', '=', uuid).executeTakeFirst();
}
