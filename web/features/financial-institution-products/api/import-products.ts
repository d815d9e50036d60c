import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importResultView } from '../../../../domain/financial-institution-product/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { productKeys } from './product-keys';

export type ImportRequest = { organisationUuid: string; fileName: string; data: string; dryRun: boolean };

/** `POST /v2/organisations/{id}/financial_institution_products` with operation import_from_csv (dry_run: the preview). */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationUuid, fileName, data, dryRun }: ImportRequest) =>
      apiFetch(`/v2/organisations/${encodeURIComponent(organisationUuid)}/financial_institution_products`, {
        method: 'POST',
        body: { operation: 'import_from_csv', file_name: fileName, data, dry_run: dryRun },
        schema: importResultView,
      }),
    onSuccess: async (result) => {
      if (!result.dry_run) await queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}
