import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userView } from '../../../../domain/user/schemas';
import type { UserPatch } from '../../../../domain/user/user-management';
import { apiFetch } from '../../../lib/api-fetch';
import { userKeys } from './user-keys';

// `PATCH /v1/users/{uuid}`: a status, a provider's bidding limits, or details (docs/api.md "User management").
// 202 means saved but not yet readable; the detail is then fetched again.
const savedUser = z.union([userView, z.object({ uuid: z.uuid() })]);

export function updateUser({ uuid, user }: { uuid: string; user: UserPatch }) {
  return apiFetch(`/v1/users/${encodeURIComponent(uuid)}`, { method: 'PATCH', body: { user }, schema: savedUser });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (saved) => {
      // The detail carries the provider's answers too, so it is fetched again rather than overwritten.
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(saved.uuid) });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
