import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { userStatuses, userTypes } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';

const activated = z.object({ user_type: z.enum(userTypes), status: z.enum(userStatuses) });
export type ActivatedAccount = z.infer<typeof activated>;

export function activateAccount(activationCode: string) {
  return apiFetch('/v1/users/activate', { method: 'POST', body: { activation_code: activationCode }, schema: activated });
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
