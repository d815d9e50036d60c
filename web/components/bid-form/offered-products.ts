import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { offeredProductView } from '../../../domain/financial-institution-product/schemas';
import { listResultSchema } from '../../../domain/shared/list-query';
import { apiFetch } from '../../lib/api-fetch';

// The products a provider may offer on a bid (docs/products.md "Who may offer a product"): the bid form's picker and
// the bid template wizard's use this query. The server answers exactly what the bid and template deciders accept.
// Its key sits under the products' lists (web/features/financial-institution-products/api/product-keys.ts), so a
// change to any product refreshes it.

export type OfferedProductParams = { providerUuid: string; search: string };

export const offeredProductsKey = (params: OfferedProductParams) => ['products', 'list', 'offered', params] as const;

/** How many products the picker shows at once; typing narrows them on the server. */
export const offeredProductsShown = 50;

const offeredProductList = listResultSchema(offeredProductView);

export function offeredProductsQueryOptions(params: OfferedProductParams) {
  const query = new URLSearchParams({ page: '1', count: String(offeredProductsShown), 'sorting[product_name]': 'asc' });
  if (params.search.trim()) query.set('filter[search]', params.search.trim());
  return queryOptions({
    queryKey: offeredProductsKey(params),
    queryFn: ({ signal }) => apiFetch(`/v2/fsps/${encodeURIComponent(params.providerUuid)}/financial_institution_products?${query.toString()}`, { schema: offeredProductList, signal }),
  });
}

/** The products `providerUuid` may offer whose product name or name holds `search`; none asked for without a provider. */
export function useOfferedProducts(providerUuid: string | null, search: string) {
  return useQuery({
    ...offeredProductsQueryOptions({ providerUuid: providerUuid ?? '', search }),
    enabled: providerUuid !== null,
    placeholderData: keepPreviousData,
  });
}
