import { sql } from 'kysely';
import { type DocumentTypeListQuery, documentTypeSortable } from '../../domain/document-type/catalogue';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { escapeLike, pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { DocumentTypeRow } from './document-types';

// What the document type screens and the bid and template forms read (docs/document-types.md).

/** The list, by name unless sorted otherwise; `filter[name]` finds names containing the text. */
export async function listDocumentTypes(db: Database, query: DocumentTypeListQuery): Promise<ListResult<DocumentTypeRow>> {
  let filtered = db.selectFrom('document_types');
  const name = query.filter?.name;
  if (name) filtered = filtered.where('name', 'ilike', `%${escapeLike(name)}%`);
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(documentTypeSortable, query.sorting, ['name', 'asc'])) ordered = ordered.orderBy(field, direction);
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}

/** Every type's name, by name (the forms' choices). */
export async function documentTypeNames(db: Database): Promise<string[]> {
  return (await db.selectFrom('document_types').select('name').orderBy('name').execute()).map((row) => row.name);
}

export async function findDocumentType(db: Database, uuid: string): Promise<DocumentTypeRow | undefined> {
  return db.selectFrom('document_types').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Of these names, those that are no document type's. */
export async function unknownDocumentTypes(db: Database, names: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return [];
  const known = new Set((await db.selectFrom('document_types').select('name').where('name', 'in', wanted).execute()).map((row) => row.name));
  return wanted.filter((name) => !known.has(name));
}

/** Whether a bid's or a bid template's required document names this type (bids keep theirs, deleted or not). */
export async function documentTypeInUse(db: Database, name: string): Promise<boolean> {
  const naming = JSON.stringify([{ document_type: name }]);
  const row = await sql<{ used: boolean }>`
    select exists (select from bids where form -> 'required_documents' @> ${naming}::jsonb)
        or exists (select from bid_templates where details -> 'required_documents' @> ${naming}::jsonb) as used`.execute(db);
  return row.rows[0]?.used === true;
}
