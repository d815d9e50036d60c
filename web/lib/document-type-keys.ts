// Hierarchical query keys of the document types (docs/document-types.md): the admin's lists and the names the bid
// and template forms choose from; a change invalidates ['document-types'] and so both.
export const documentTypeKeys = {
  all: ['document-types'] as const,
  list: (params: object) => ['document-types', 'list', params] as const,
  names: () => ['document-types', 'names'] as const,
};
