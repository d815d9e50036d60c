import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import { type DocumentType, documentTypeMessages, documentTypeName, sameName, seededDocumentTypes } from './catalogue';
import type { DocumentTypeCommand } from './commands';
import type { DocumentTypeEvent } from './events';

// The document types list (docs/document-types.md): names unique whatever their case; a type that a bid's or a
// template's required document names is neither renamed nor deleted, so no document ever names a type that is gone.

export type DocumentTypesState = { types: readonly DocumentType[] };

export const documentTypeErrors = {
  notFound: 'DOCUMENT_TYPE_NOT_FOUND',
  invalid: 'DOCUMENT_TYPE_INVALID',
  nameTaken: 'DOCUMENT_TYPE_NAME_TAKEN',
  inUse: 'DOCUMENT_TYPE_IN_USE',
  alreadyExists: 'DOCUMENT_TYPE_ALREADY_EXISTS',
} as const;

/** The list starts as the seeded one (the read model starts the same way). */
const initialState = (): DocumentTypesState => ({ types: seededDocumentTypes });

/** The name as saved, or the refusal: required, at most 100 characters, not another type's. */
function checkedName(name: string, state: DocumentTypesState, uuid: string): { ok: true; name: string } | { ok: false; decision: Decision<DocumentTypeEvent> } {
  const parsed = documentTypeName.safeParse(name);
  if (!parsed.success) return { ok: false, decision: reject(documentTypeErrors.invalid, parsed.error.issues[0]?.message ?? 'Invalid name.') };
  if (state.types.some((type) => type.uuid !== uuid && sameName(type.name, parsed.data))) return { ok: false, decision: reject(documentTypeErrors.nameTaken, documentTypeMessages.nameTaken) };
  return { ok: true, name: parsed.data };
}

function decide(command: DocumentTypeCommand, state: DocumentTypesState): Decision<DocumentTypeEvent> {
  const existing = state.types.find((type) => type.uuid === command.data.uuid);
  switch (command.type) {
    case 'AddDocumentType': {
      if (existing) return reject(documentTypeErrors.alreadyExists, 'This document type exists already.');
      const name = checkedName(command.data.name, state, command.data.uuid);
      if (!name.ok) return name.decision;
      return accept({ type: 'DocumentTypeAdded', data: { uuid: command.data.uuid, name: name.name, added_by: command.data.by } });
    }
    case 'RenameDocumentType': {
      if (!existing) return reject(documentTypeErrors.notFound, 'Document type not found.');
      const name = checkedName(command.data.name, state, command.data.uuid);
      if (!name.ok) return name.decision;
      if (name.name === existing.name) return accept();
      if (command.data.in_use) return reject(documentTypeErrors.inUse, documentTypeMessages.renameInUse);
      return accept({ type: 'DocumentTypeRenamed', data: { uuid: existing.uuid, name: name.name, renamed_by: command.data.by } });
    }
    case 'DeleteDocumentType':
      if (!existing) return reject(documentTypeErrors.notFound, 'Document type not found.');
      if (command.data.in_use) return reject(documentTypeErrors.inUse, documentTypeMessages.inUse);
      return accept({ type: 'DocumentTypeDeleted', data: { uuid: existing.uuid, deleted_by: command.data.by } });
    default:
      return assertNever(command);
  }
}

function evolve(state: DocumentTypesState, event: DocumentTypeEvent): DocumentTypesState {
  switch (event.type) {
    case 'DocumentTypeAdded':
      return { types: [...state.types, { uuid: event.data.uuid, name: event.data.name }] };
    case 'DocumentTypeRenamed':
      return { types: state.types.map((type) => (type.uuid === event.data.uuid ? { ...type, name: event.data.name } : type)) };
    case 'DocumentTypeDeleted':
      return { types: state.types.filter((type) => type.uuid !== event.data.uuid) };
    default:
      return assertNever(event);
  }
}

export const documentTypesDecider: Decider<DocumentTypesState, DocumentTypeCommand, DocumentTypeEvent> = { initialState, decide, evolve };
