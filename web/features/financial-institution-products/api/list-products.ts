import { keepPreviousData, queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type ProductStatus, productSortable, productView } from '../../../../domain/financial-institution-product/schemas';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { productKeys } from './product-keys';

export type ProductSortField = (typeof productSortable)[number];

export type ProductListParams = {
  /** One organisation's products (GET /v2/organisations/{id}/products), or every organisation's. */
  organisationUuid: string | null;
  page: number;
  count: number;
  sort: ProductSortField;
  direction: 'asc' | 'desc';
  filter: { search?: string; status?: ProductStatus };
};

export const productList = listResultSchema(productView);

export function productListPath({ organisationUuid, page, count, sort, direction, filter }: ProductListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count) });
  query.set(`sorting[${sort}]`, direction);
  for (const [field, value] of Object.entries(filter)) if (value) query.set(`filter[${field}]`, value);
  const base = organisationUuid ? `/v2/organisations/${encodeURIComponent(organisationUuid)}/products` : '/v2/financial_institution_products';
  return `${base}?${query.toString()}`;
}

export function productsQueryOptions(params: ProductListParams) {
  return queryOptions({ queryKey: productKeys.list(params), queryFn: ({ signal }) => apiFetch(productListPath(params), { schema: productList, signal }) });
}

export function useProducts(params: ProductListParams) {
  return useSuspenseQuery(productsQueryOptions(params));
}

/** The same list without suspending (a filter typed into keeps the rows shown until the next page arrives). */
export function useProductsKeepingRows(params: ProductListParams) {
  return useQuery({ ...productsQueryOptions(params), placeholderData: keepPreviousData });
}
