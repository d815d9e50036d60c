import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type ProductFields, productView } from '../../../../domain/financial-institution-product/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { productKeys } from './product-keys';

// Create and save answer the product as the lists will show it, or 202 with only its uuid when the read model is
// still catching up (api/routes/financial-institution-products.ts); the next read waits for it (X-Min-Position).
const savedProduct = z.union([productView, z.object({ uuid: z.uuid() })]);

function useProductMutation<Input>(send: (input: Input) => Promise<z.infer<typeof savedProduct>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (saved) => {
      if ('product_name' in saved) queryClient.setQueryData(productKeys.detail(saved.uuid), saved);
      else await queryClient.invalidateQueries({ queryKey: productKeys.detail(saved.uuid) });
      await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

/** `POST /v2/organisations/{id}/financial_institution_products` with operation create. */
export const useCreateProduct = () =>
  useProductMutation(({ organisationUuid, product }: { organisationUuid: string; product: ProductFields }) =>
    apiFetch(`/v2/organisations/${encodeURIComponent(organisationUuid)}/financial_institution_products`, {
      method: 'POST',
      body: { operation: 'create', financial_institution_product: product },
      schema: savedProduct,
    }),
  );

/** `PUT /v2/financial_institution_products/{id}`: the whole product. */
export const useUpdateProduct = () =>
  useProductMutation(({ uuid, product }: { uuid: string; product: ProductFields }) =>
    apiFetch(`/v2/financial_institution_products/${encodeURIComponent(uuid)}`, { method: 'PUT', body: { financial_institution_product: product }, schema: savedProduct }),
  );

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiFetch(`/v2/financial_institution_products/${encodeURIComponent(uuid)}`, { method: 'DELETE' }),
    onSuccess: async (_, uuid) => {
      // Marked stale, not refetched: the product page still on screen would fetch a 404 before it navigates away.
      await queryClient.invalidateQueries({ queryKey: productKeys.detail(uuid), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}
