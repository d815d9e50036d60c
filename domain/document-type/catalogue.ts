import { z } from 'zod';
import { bidLimits } from '../bid/schemas';
import { listQuerySchema } from '../shared/list-query';
import { maxLengthMessage, required } from '../shared/messages';

// Document types (spec 1 §3 "document type: uuid and name", §7; docs/document-types.md): what a bid's or a
// template's required document is, chosen from this list, which admins keep. The marketplace starts with the list
// it had before admins could change it, under fixed uuids, so every bid placed before keeps a valid type.

export type DocumentType = { uuid: string; name: string };

export const seededDocumentTypes: readonly DocumentType[] = [
  { uuid: 'd0c7e000-0000-4000-8000-000000000001', name: 'Payslips' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000002', name: 'Bank statements' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000003', name: 'Tax returns' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000004', name: 'Notice of assessment' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000005', name: 'Photo identification' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000006', name: 'Current loan statements' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000007', name: 'Council rates notice' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000008', name: 'Contract of sale' },
  { uuid: 'd0c7e000-0000-4000-8000-000000000009', name: 'Employment letter' },
  { uuid: 'd0c7e000-0000-4000-8000-00000000000a', name: 'Other' },
];

/** A required document's `document_type` holds the name, so a name fits that field. */
export const documentTypeNameMax = bidLimits.textMax;

export const documentTypeMessages = {
  nameTaken: 'A document type with this name already exists.',
  inUse: 'This document type is used by bids or bid templates, so it cannot be deleted.',
  renameInUse: 'This document type is used by bids or bid templates, so it cannot be renamed.',
  /** A bid's or a template's required document names a type that is not in the list. */
  unknown: 'Choose one of the listed document types.',
} as const;

export const documentTypeName = z.string({ error: required }).trim().min(1, required).max(documentTypeNameMax, maxLengthMessage(documentTypeNameMax));

/** `POST /v2/document_types`, `PATCH /v2/document_types/{uuid}` (the wrapper `document_type`). */
export const documentTypeBody = z.strictObject({ document_type: z.strictObject({ name: documentTypeName }) });

export const documentTypeSortable = ['name', 'created_at', 'updated_at'] as const;
export const documentTypeListQuery = listQuerySchema(documentTypeSortable, z.strictObject({ name: z.string().max(documentTypeNameMax).optional() }));
export type DocumentTypeListQuery = z.infer<typeof documentTypeListQuery>;

/** Names compare without regard to case or surrounding spaces ('payslips' is 'Payslips'). */
export const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-AU') === b.trim().toLocaleLowerCase('en-AU');
