import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-fetch';
import { profileKeys } from './profile-keys';

export type PhoneNumber = { country_code: string; mobile_number: string };

/** `POST /v1/users/phone_verification`: an SMS code goes to the number (spec 2 §4, §7). */
export function sendVerificationCode(phone: PhoneNumber) {
  return apiFetch('/v1/users/phone_verification', { method: 'POST', body: phone, schema: z.object({ expires_in: z.number() }) });
}

/** `GET /v1/users/phone_verification`: the code, with the number it was sent to. */
export function checkVerificationCode({ verification_code, ...phone }: PhoneNumber & { verification_code: string }) {
  const query = new URLSearchParams({ ...phone, verification_code });
  return apiFetch(`/v1/users/phone_verification?${query}`, {
    schema: z.object({ verified: z.literal(true), country_code: z.string(), mobile_number: z.string() }),
  });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}

export function useCheckVerificationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkVerificationCode,
    // A GET that changes the user: nothing cached depends on the verified number but the profile.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
