import type { OrganisationListParams } from './list-organisations';

// Hierarchical query keys: invalidating ['organisations', 'list'] refreshes every page and filter of the list
// without touching the organisations already loaded by uuid.
export const organisationKeys = {
  all: ['organisations'] as const,
  lists: () => ['organisations', 'list'] as const,
  list: (params: OrganisationListParams) => ['organisations', 'list', params] as const,
  detail: (uuid: string) => ['organisations', uuid] as const,
  /** Under the detail key: refreshing an organisation refreshes its providers too. */
  providers: (uuid: string, page: number) => ['organisations', uuid, 'fsps', page] as const,
};
