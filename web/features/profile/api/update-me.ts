import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnDetails } from '../../../../domain/user/profile';
import { userView } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { profileKeys, sessionKey } from './profile-keys';

/** `PATCH /v1/users/me {user}`: the own details; a changed mobile number must be verified first (spec 2 §4). */
export function updateMe(user: OwnDetails) {
  return apiFetch('/v1/users/me', { method: 'PATCH', body: { user }, schema: userView.or(userView.pick({ uuid: true })) });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: sessionKey });
      await queryClient.invalidateQueries({ queryKey: profileKeys.user(saved.uuid) });
    },
  });
}
