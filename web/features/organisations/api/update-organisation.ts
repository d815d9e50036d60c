import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateOrganisationBody } from '../../../../domain/organisation/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { organisationKeys } from './organisation-keys';
import { savedOrganisation } from './saved-organisation';

export type OrganisationChanges = z.infer<typeof updateOrganisationBody>['organisation'];

export function updateOrganisation({ uuid, changes }: { uuid: string; changes: OrganisationChanges }) {
  return apiFetch(`/v2/organisations/${encodeURIComponent(uuid)}`, {
    method: 'PATCH',
    body: { organisation: changes },
    schema: savedOrganisation,
  });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: async (saved) => {
      if ('name' in saved) queryClient.setQueryData(organisationKeys.detail(saved.uuid), saved);
      else await queryClient.invalidateQueries({ queryKey: organisationKeys.detail(saved.uuid) });
      await queryClient.invalidateQueries({ queryKey: organisationKeys.lists() });
    },
  });
}
