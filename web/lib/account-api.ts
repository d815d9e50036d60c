import { z } from 'zod';
import { phoneCodeSent } from '../../domain/user/profile';
import { apiFetch } from './api-fetch';

// Account calls several screens make (sign-up, the post wizard, the application stepper, the profile): whether an
// e-mail address is free, and proving a mobile number with an SMS code (spec 2 §4, §5, §7).

const emailCheck = z.object({ result: z.enum(['available', 'owner', 'taken']) });

/** Whether an address may be used (spec 2 §5: only `available` or `owner` pass). */
export async function emailIsFree(email: string): Promise<boolean> {
  const { result } = await apiFetch(`/v1/users/verify_email?${new URLSearchParams({ email })}`, { schema: emailCheck });
  return result !== 'taken';
}

export type PhoneNumber = { country_code: string; mobile_number: string };

/** `POST /v1/users/phone_verification`: a 6-digit code goes to the number by SMS (a development server answers it too). */
export function sendVerificationCode(phone: PhoneNumber) {
  return apiFetch('/v1/users/phone_verification', { method: 'POST', body: phone, schema: phoneCodeSent });
}

/** `GET /v1/users/phone_verification`: the code, with the number it was sent to; a right one verifies the number. */
export function checkVerificationCode({ verification_code, ...phone }: PhoneNumber & { verification_code: string }) {
  const query = new URLSearchParams({ ...phone, verification_code });
  return apiFetch(`/v1/users/phone_verification?${query}`, {
    schema: z.object({ verified: z.literal(true), country_code: z.string(), mobile_number: z.string() }),
  });
}
