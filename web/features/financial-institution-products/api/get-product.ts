import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { productView } from '../../../../domain/financial-institution-product/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { productKeys } from './product-keys';

export function productQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: productKeys.detail(uuid),
    queryFn: ({ signal }) => apiFetch(`/v2/financial_institution_products/${encodeURIComponent(uuid)}`, { schema: productView, signal }),
  });
}

export function useProduct(uuid: string) {
  return useSuspenseQuery(productQueryOptions(uuid));
}
