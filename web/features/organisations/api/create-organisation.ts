import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationFields } from '../../../../domain/organisation/schemas';
import { homeLoanProduct } from '../../../../domain/product/products';
import { apiFetch } from '../../../lib/api-fetch';
import { organisationKeys } from './organisation-keys';
import { savedOrganisation } from './saved-organisation';

// The spec's path carries the product; only home loans exist (domain/product/products.ts).
export function createOrganisation(organisation: OrganisationFields) {
  return apiFetch(`/v2/products/${homeLoanProduct.uuid}/organisations`, {
    method: 'POST',
    body: { organisation },
    schema: savedOrganisation,
  });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: async (saved) => {
      if ('name' in saved) queryClient.setQueryData(organisationKeys.detail(saved.uuid), saved);
      else await queryClient.invalidateQueries({ queryKey: organisationKeys.detail(saved.uuid) });
      await queryClient.invalidateQueries({ queryKey: organisationKeys.lists() });
    },
  });
}
