import { z } from 'zod';
import { required } from '../shared/messages';
import { passwordsDifferent } from './profile';
import { countryCode, email, password, personName, phoneNumber } from './schemas';

// The customer account of the post wizard (spec 2 §2, §5, §7): made without personal data when a visitor first
// saves (`POST /v2/users {user: {user_type: 'customer'}}`), completed at the overview step
// (`PATCH /v2/users/{uuid} {operation: 'update', user}`) with a mobile number proved by an SMS code.

export const newCustomerBody = z.strictObject({ user: z.strictObject({ user_type: z.literal('customer') }) });

export const customerRegistration = z
  .strictObject({
    first_name: personName,
    last_name: personName,
    email,
    country_code: countryCode,
    mobile_number: phoneNumber,
    password,
    password_confirmation: z.string({ error: required }),
  })
  .refine((fields) => fields.password === fields.password_confirmation, { message: passwordsDifferent, path: ['password_confirmation'] });
export type CustomerRegistration = z.infer<typeof customerRegistration>;

export const registerCustomerBody = z.strictObject({ operation: z.literal('update'), user: customerRegistration });

/** The answer to a new customer: the key the wizard logs in with (`grant_type=user_key`). */
export const newCustomerAnswer = z.object({ uuid: z.uuid(), user_key: z.string() });
