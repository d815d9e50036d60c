import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userView } from '../../../../domain/user/schemas';
import type { CreateAdmin } from '../../../../domain/user/user-management';
import { apiFetch } from '../../../lib/api-fetch';
import { userKeys } from './user-keys';

/** `POST /v2/users` with user_type admin (spec 2 §7). */
export function createAdmin(user: CreateAdmin) {
  return apiFetch('/v2/users', { method: 'POST', body: { user }, schema: z.union([userView, z.object({ uuid: z.uuid() })]) });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
