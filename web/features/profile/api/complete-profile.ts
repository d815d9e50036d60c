import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { completeProfileBody } from '../../../../domain/user/profile';
import { apiFetch } from '../../../lib/api-fetch';
import { profileKeys, sessionKey } from './profile-keys';

export type CompleteProfile = z.input<typeof completeProfileBody>;

/** The provider (200) or only its uuid while the read model catches up (202): the uuid is all this screen needs. */
const acceptedUser = z.object({ uuid: z.string() });

/** `PATCH /v1/fsps/complete_profile`: the approved provider becomes active (spec 2 §4). */
export function completeProfile(body: CompleteProfile) {
  return apiFetch('/v1/fsps/complete_profile', { method: 'PATCH', body, schema: acceptedUser });
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: async (saved) => {
      // The session decides where the provider may go: it must see the status active before leaving this screen.
      await queryClient.invalidateQueries({ queryKey: sessionKey });
      await queryClient.invalidateQueries({ queryKey: profileKeys.user(saved.uuid) });
    },
  });
}
