import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { documentTypeList, documentTypeView } from '../../../../contracts/document-type';
import { apiFetch } from '../../../lib/api-fetch';
import { documentTypeKeys } from '../../../lib/document-type-keys';

// The admin's document types (spec 1 §7 "Document types"; docs/document-types.md): the server-paged list, adding,
// renaming and deleting. Every change refreshes every list, the forms' choices included.

export type DocumentTypeListParams = { page: number; count: number; name: string };

export function documentTypesPath({ page, count, name }: DocumentTypeListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count), 'sorting[name]': 'asc' });
  if (name) query.set('filter[name]', name);
  return `/v2/document_types?${query.toString()}`;
}

export const documentTypesQueryOptions = (params: DocumentTypeListParams) =>
  queryOptions({ queryKey: documentTypeKeys.list(params), queryFn: ({ signal }) => apiFetch(documentTypesPath(params), { schema: documentTypeList, signal }) });

export const useDocumentTypes = (params: DocumentTypeListParams) => useSuspenseQuery(documentTypesQueryOptions(params));

type Change = { kind: 'add'; name: string } | { kind: 'rename'; uuid: string; name: string } | { kind: 'delete'; uuid: string };

async function changeDocumentType(change: Change): Promise<void> {
  if (change.kind === 'add') {
    await apiFetch('/v2/document_types', { method: 'POST', body: { document_type: { name: change.name } }, schema: documentTypeView });
    return;
  }
  const path = `/v2/document_types/${encodeURIComponent(change.uuid)}`;
  if (change.kind === 'rename') await apiFetch(path, { method: 'PATCH', body: { document_type: { name: change.name } }, schema: documentTypeView });
  else await apiFetch(path, { method: 'DELETE' });
}

export function useChangeDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeDocumentType, onSuccess: () => queryClient.invalidateQueries({ queryKey: documentTypeKeys.all }) });
}
