// Events of the document types list (one stream, `document_types`; docs/events.md "Document types"). No personal data.

export const DOCUMENT_TYPES_STREAM = 'document_types';

export type DocumentTypeAdded = { type: 'DocumentTypeAdded'; data: { uuid: string; name: string; added_by: string } };
export type DocumentTypeRenamed = { type: 'DocumentTypeRenamed'; data: { uuid: string; name: string; renamed_by: string } };
export type DocumentTypeDeleted = { type: 'DocumentTypeDeleted'; data: { uuid: string; deleted_by: string } };

export type DocumentTypeEvent = DocumentTypeAdded | DocumentTypeRenamed | DocumentTypeDeleted;
export const documentTypeEventTypes = ['DocumentTypeAdded', 'DocumentTypeRenamed', 'DocumentTypeDeleted'] as const satisfies readonly DocumentTypeEvent['type'][];
