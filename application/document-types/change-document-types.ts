import type { DocumentTypeCommand } from '../../domain/document-type/commands';
import { documentTypesDecider } from '../../domain/document-type/decider';
import { DOCUMENT_TYPES_STREAM } from '../../domain/document-type/events';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import { documentTypeInUse, findDocumentType } from '../../projections/document-types/queries';
import type { WorkflowDependencies } from '../dependencies';

// An admin adds, renames or deletes a document type (spec 1 §7 "Document types", docs/document-types.md). Whether a
// bid's or a template's required document names the type comes from the read models; the list itself decides.

export type DocumentTypeChange = { type: 'add'; name: string } | { type: 'rename'; uuid: string; name: string } | { type: 'delete'; uuid: string };

export async function changeDocumentTypes(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>, change: DocumentTypeChange, context: CommandContext & { userId: string }) {
  const by = context.userId;
  let command: DocumentTypeCommand;
  let uuid: string;
  if (change.type === 'add') {
    uuid = deps.ids.uuid();
    command = { type: 'AddDocumentType', data: { uuid, name: change.name, by } };
  } else {
    uuid = change.uuid;
    const row = await findDocumentType(deps.db, uuid);
    // In use under its current name (the read model's; a rename the read model has not seen yet decides on the old name).
    const in_use = row ? await documentTypeInUse(deps.db, row.name) : false;
    command = change.type === 'rename' ? { type: 'RenameDocumentType', data: { uuid, name: change.name, in_use, by } } : { type: 'DeleteDocumentType', data: { uuid, in_use, by } };
  }
  const result = await handleCommand({ store: deps.store, ids: deps.ids, streamId: DOCUMENT_TYPES_STREAM, decider: documentTypesDecider, command, context });
  return result.ok ? { ok: true as const, uuid, position: result.position } : result;
}
