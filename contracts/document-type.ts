import { z } from 'zod';

// What the API answers about document types (spec 1 §7 "Document types"; docs/document-types.md).

export const documentTypeView = z.object({ uuid: z.uuid(), name: z.string(), created_at: z.string(), updated_at: z.string() });
export type DocumentTypeView = z.infer<typeof documentTypeView>;
export const documentTypeList = z.object({ total_records: z.number().int(), result: z.array(documentTypeView) });

export const toDocumentTypeView = (row: { uuid: string; name: string; created_at: Date; updated_at: Date }): DocumentTypeView => ({
  uuid: row.uuid,
  name: row.name,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});
