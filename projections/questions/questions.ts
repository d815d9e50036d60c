import { type Selectable, sql } from 'kysely';
import type { QuestionEvent } from '../../domain/question/events';
import { questionEventTypes } from '../../domain/question/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { QuestionsTable } from './tables';

// The admin's lists of active and inactive questions in their order (spec 3 §2), and the question page.

export type QuestionRow = Selectable<QuestionsTable>;

const handledTypes = new Set<string>(questionEventTypes);

export const questionsProjection: Projection = {
  kind: 'projection',
  name: 'questions',
  eventTypes: handledTypes,
  version: 1,
  tables: ['questions'],
  async createTables(trx) {
    // Positions are 1..n per product. The unique check runs at commit, because a removal or a reorder moves
    // several rows through each other's places within the batch.
    await sql`
      create table questions (
        uuid uuid primary key,
        product_id uuid not null,
        description text not null,
        status text not null,
        position integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint questions_position_unique unique (product_id, position) deferrable initially deferred
      )`.execute(trx);
    await sql`create index questions_status_position on questions (product_id, status, position)`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The question decider wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & QuestionEvent);
    }
  },
};

async function apply(db: Database, event: RecordedEvent & QuestionEvent): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  const question = (id: string) => db.updateTable('questions').where('uuid', '=', id);
  switch (event.type) {
    case 'QuestionCreated': {
      const { question_id, ...row } = event.data;
      await db
        .insertInto('questions')
        .values({ uuid: question_id, ...row, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('uuid').doNothing())
        .execute();
      return;
    }
    case 'QuestionDescriptionChanged':
      await question(event.data.question_id).set({ description: event.data.description, updated_at: at }).execute();
      return;
    case 'QuestionActivated':
      await question(event.data.question_id).set({ status: 'active', updated_at: at }).execute();
      return;
    case 'QuestionDeactivated':
      await question(event.data.question_id).set({ status: 'inactive', updated_at: at }).execute();
      return;
    case 'QuestionRemoved': {
      const removed = await db.deleteFrom('questions').where('uuid', '=', event.data.question_id).returning('position').executeTakeFirst();
      if (!removed) return;
      // Every question after it moves up one place.
      await db
        .updateTable('questions')
        .set((eb) => ({ position: eb('position', '-', 1) }))
        .where('product_id', '=', event.data.product_id)
        .where('position', '>', removed.position)
        .execute();
      return;
    }
    case 'QuestionsReordered':
      // A reorder is not an edit of the question: updated_at stays.
      for (const { question_id, position } of event.data.positions) {
        await db.updateTable('questions').set({ position }).where('uuid', '=', question_id).execute();
      }
      return;
  }
}
