import { z } from 'zod';
import { productSortable, productStatuses } from '../../../domain/financial-institution-product/schemas';
import { listPageSizes, sortDirection } from '../../../domain/shared/list-query';
import type { ProductListParams } from './api/list-products';

// The product lists' state lives in the URL (page, sort, search, status), so it survives reloads and can be shared.
// A value that does not fit is dropped rather than failing the page; defaults are spec 1 §9 (25 a page, newest first).

/** TanStack Router reads `?search=2024` as a number; the filter wants text. */
const searchText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().max(100).optional());

export const productListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  sort: z.enum(productSortable).optional().catch(undefined),
  direction: sortDirection.optional().catch(undefined),
  search: searchText.catch(undefined),
  status: z.enum(productStatuses).optional().catch(undefined),
});
export type ProductListSearch = z.infer<typeof productListSearch>;

export function toProductListParams(search: ProductListSearch, organisationUuid: string | null): ProductListParams {
  return {
    organisationUuid,
    page: search.page ?? 1,
    count: listPageSizes.standard,
    sort: search.sort ?? 'created_at',
    direction: search.direction ?? (search.sort === undefined ? 'desc' : 'asc'),
    filter: { ...(search.search ? { search: search.search } : {}), ...(search.status ? { status: search.status } : {}) },
  };
}
