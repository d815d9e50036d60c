import { type Selectable, sql } from 'kysely';
import { seededDocumentTypes } from '../../domain/document-type/catalogue';
import { type DocumentTypeEvent, documentTypeEventTypes } from '../../domain/document-type/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { DocumentTypesTable } from './tables';

// The document types list (docs/document-types.md): it starts with the seeded types, as the aggregate does, and
// follows the admins' changes.

export type DocumentTypeRow = Selectable<DocumentTypesTable>;

const handledTypes = new Set<string>(documentTypeEventTypes);
/** The seeded types' time: before any bid, so lists sorted by creation put them first. */
const SEEDED_AT = new Date('2026-01-01T00:00:00Z');

export const documentTypesProjection: Projection = {
  kind: 'projection',
  name: 'document_types',
  eventTypes: handledTypes,
  version: 1,
  tables: ['document_types'],
  async createTables(trx) {
    await sql`
      create table document_types (
        uuid uuid primary key,
        name text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index document_types_name on document_types (lower(name))`.execute(trx);
    await trx
      .insertInto('document_types')
      .values(seededDocumentTypes.map(({ uuid, name }) => ({ uuid, name, created_at: SEEDED_AT, updated_at: SEEDED_AT })))
      .execute();
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The document types decider wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & DocumentTypeEvent);
    }
  },
};

async function apply(db: Database, event: RecordedEvent & DocumentTypeEvent): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'DocumentTypeAdded':
      await db
        .insertInto('document_types')
        .values({ uuid: event.data.uuid, name: event.data.name, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('uuid').doNothing())
        .execute();
      return;
    case 'DocumentTypeRenamed':
      await db.updateTable('document_types').set({ name: event.data.name, updated_at: at }).where('uuid', '=', event.data.uuid).execute();
      return;
    case 'DocumentTypeDeleted':
      await db.deleteFrom('document_types').where('uuid', '=', event.data.uuid).execute();
      return;
  }
}
