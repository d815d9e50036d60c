import { documentTypeMessages } from '../../domain/document-type/catalogue';
import type { FieldErrors } from '../../domain/post/schemas';
import { unknownDocumentTypes } from '../../projections/document-types/queries';
import type { Database } from '../../infrastructure/database/database';

// A bid's and a bid template's required documents choose their type from the document types list
// (docs/document-types.md). The forms' other rules are the schemas'; this one needs the list.

/** Field errors (`required_documents.<index>.document_type`) for the documents naming no listed type; none for anything not a list of documents. */
export async function unknownDocumentTypeErrors(db: Database, documents: unknown, path = 'required_documents'): Promise<FieldErrors> {
  if (!Array.isArray(documents)) return {};
  const named = documents.map((document: unknown) => (document && typeof document === 'object' && 'document_type' in document && typeof document.document_type === 'string' ? document.document_type.trim() : null));
  const unknown = new Set(await unknownDocumentTypes(db, named.filter((name): name is string => name !== null && name !== '')));
  const errors: FieldErrors = {};
  named.forEach((name, index) => {
    if (name !== null && unknown.has(name)) errors[`${path}.${index}.document_type`] = [documentTypeMessages.unknown];
  });
  return errors;
}
