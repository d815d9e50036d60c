import { phoneVerificationMessages } from '../../domain/user/profile';
import type { CommandContext } from '../../infrastructure/command-handler';
import { checkPhoneCode } from '../../infrastructure/phone-verification';
import type { WorkflowDependencies } from '../dependencies';
import { fieldRefusal, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';

export type MobileCheck = { userId: string; country_code: string; mobile_number: string; verification_code: string };

/** The SMS code for the number it was sent to: a right code records the number as the user's verified one. */
export async function verifyMobileNumber(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'secrets'>, input: MobileCheck, context: CommandContext) {
  const { userId, country_code, mobile_number, verification_code } = input;
  const checked = await checkPhoneCode(deps.db, deps.secrets.accessTokenKey, { userId, countryCode: country_code, mobileNumber: mobile_number, code: verification_code, now: context.now });
  if (checked !== 'verified') {
    const message = { wrong: phoneVerificationMessages.wrong, expired: phoneVerificationMessages.expired, too_many_attempts: phoneVerificationMessages.tooManyAttempts }[checked];
    return { ok: false as const, error: fieldRefusal(userRefusalCodes.verificationCodeInvalid, { verification_code: [message] }) };
  }
  const result = await runUserCommand(deps, { type: 'VerifyMobileNumber', data: { user_id: userId, country_code, mobile_number } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}
