import { sameValue } from '../domain/shared/same';
import type { Ids } from '../infrastructure/ids';

// A bid's and a template's documents are named by their own uuid (`/v1/required_documents/{id}`,
// `/v1/home_loan_bid_optional_documents/{id}`, `/v3/required_documents/{id}`, `/v3/template_optional_documents/{id}`),
// given by the server when a form is saved whole (a template created, cloned or its details step saved; a bid
// edited). A document keeps the uuid of one the form held; a document sent without it that equals one held takes
// that one's (so an unchanged form saves nothing); any other gets a new uuid, so a clone's documents never share the
// source's.

type Listed = { uuid?: unknown };
const withoutUuid = ({ uuid: _uuid, ...rest }: Listed) => rest;

function withIds(list: unknown, held: readonly Listed[], ids: Ids): unknown {
  if (!Array.isArray(list)) return list;
  const heldIds = new Set(held.map((document) => document.uuid).filter((uuid): uuid is string => typeof uuid === 'string'));
  const used = new Set<string>();
  return list.map((document: unknown) => {
    if (!document || typeof document !== 'object' || Array.isArray(document)) return document;
    const given = (document as Listed).uuid;
    let uuid = typeof given === 'string' && heldIds.has(given) && !used.has(given) ? given : undefined;
    uuid ??= held.find((candidate) => typeof candidate.uuid === 'string' && !used.has(candidate.uuid) && sameValue(withoutUuid(candidate), withoutUuid(document as Listed)))?.uuid as string | undefined;
    uuid ??= ids.uuid();
    used.add(uuid);
    return { ...document, uuid };
  });
}

type HeldDocuments = { required_documents: readonly Listed[]; optional_documents: readonly Listed[] };

/** The form with its documents' uuids; `held`: the form as saved (null for a new template). Anything else is left to the form's schema. */
export function withDocumentIds<Form>(form: Form, held: HeldDocuments | null, ids: Ids): Form {
  if (!form || typeof form !== 'object') return form;
  const input = form as Record<string, unknown>;
  return {
    ...form,
    ...('required_documents' in input ? { required_documents: withIds(input.required_documents, held?.required_documents ?? [], ids) } : {}),
    ...('optional_documents' in input ? { optional_documents: withIds(input.optional_documents, held?.optional_documents ?? [], ids) } : {}),
  };
}
