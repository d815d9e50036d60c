import { z } from 'zod';
import {
  organisationCategory,
  organisationFilter,
  organisationSortable,
  organisationStatus,
  organisationType,
} from '../../../domain/organisation/schemas';
import { sortDirection } from '../../../domain/shared/list-query';
import type { OrganisationListParams } from './api/list-organisations';

// The list's state lives in the URL (page, sort, filters), so it survives reloads and can be shared. A value that
// does not fit is dropped rather than failing the page; defaults are spec 1 §9 (25 a page, created_at descending).

export const organisationsPageSize = 25;

/** TanStack Router reads `?name=2024` as a number; the filter wants text. */
const searchText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), organisationFilter.shape.name);

export const organisationListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  sort: z.enum(organisationSortable).optional().catch(undefined),
  direction: sortDirection.optional().catch(undefined),
  name: searchText.catch(undefined),
  organisation_type: organisationType.optional().catch(undefined),
  category: organisationCategory.optional().catch(undefined),
  status: organisationStatus.optional().catch(undefined),
});

export type OrganisationListSearch = z.infer<typeof organisationListSearch>;

export function toListParams(search: OrganisationListSearch): OrganisationListParams {
  const sort = search.sort ?? 'created_at';
  return {
    page: search.page ?? 1,
    count: organisationsPageSize,
    sort,
    direction: search.direction ?? (search.sort === undefined ? 'desc' : 'asc'),
    filter: {
      ...(search.name ? { name: search.name } : {}),
      ...(search.organisation_type ? { organisation_type: search.organisation_type } : {}),
      ...(search.category ? { category: search.category } : {}),
      ...(search.status ? { status: search.status } : {}),
    },
  };
}
