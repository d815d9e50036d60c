import type { DomainError } from '../../domain/shared/decider';
import { userErrors } from '../../domain/user/decider';

// The users' workflows refuse with the decider's codes, and with these, which the workflows decide before any
// command: a wrong field of the request that the read model or a stored secret reveals (api/domain-problems.ts).

export const userRefusalCodes = {
  answersInvalid: 'ANSWERS_INVALID',
  mobileNotVerified: 'MOBILE_NOT_VERIFIED',
  verificationCodeInvalid: 'VERIFICATION_CODE_INVALID',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  activationCodeInvalid: 'ACTIVATION_CODE_INVALID',
  passwordResetTokenInvalid: 'PASSWORD_RESET_TOKEN_INVALID',
  validationFailed: 'VALIDATION_FAILED',
} as const;

export type Refusal = DomainError & { errors?: Record<string, string[]> };

/** A refusal of some fields; its message is the first field's, as the forms show it. */
export function fieldRefusal(code: string, errors: Record<string, string[]>): Refusal {
  return { code, message: Object.values(errors)[0]?.[0] ?? 'The request has invalid fields.', errors };
}

export const userNotFound: DomainError = { code: userErrors.notFound, message: 'User not found.' };
