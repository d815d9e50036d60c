import { userErrors } from '../../domain/user/decider';
import type { CustomerRegistration } from '../../domain/user/customer-account';
import { unverifiedMobileMessage } from '../../domain/user/profile';
import type { CommandContext } from '../../infrastructure/command-handler';
import { hashPassword } from '../../infrastructure/passwords';
import type { UserRow } from '../../projections/users/users';
import type { WorkflowDependencies } from '../dependencies';
import { emailTaken, releaseEmail, reserveEmail } from './email-reservations';
import { fieldRefusal, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';

/**
 * The wizard's overview (spec 2 §2): the customer creating the first post gives name, e-mail, the mobile number
 * proved by an SMS code, and a password. The address is reserved first; a changed address frees the old one.
 */
export async function registerCustomer(deps: Pick<WorkflowDependencies, 'store' | 'ids' | 'secrets'>, row: UserRow, user: CustomerRegistration, context: CommandContext) {
  if (row.user_type !== 'customer' || row.status !== 'creating') {
    return { ok: false as const, error: { code: userErrors.notCreating, message: 'Only a customer creating the first post registers this way.' } };
  }
  if (row.verified_mobile !== `${user.country_code}${user.mobile_number}`) {
    return { ok: false as const, error: fieldRefusal(userRefusalCodes.mobileNotVerified, { mobile_number: [unverifiedMobileMessage] }) };
  }
  const own = { ...context, userId: row.uuid };
  // spec 2 §5: the form shows the marker takenEmail, which is also the detail (a field refusal's first message).
  if (!(await reserveEmail(deps, user.email, row.uuid, own))) return { ok: false as const, error: { ...emailTaken, message: 'takenEmail' } };
  if (row.email && row.email !== user.email) await releaseEmail(deps, row.email, row.uuid, own);
  const { password, password_confirmation: _confirmation, ...personal } = user;
  const result = await runUserCommand(deps, { type: 'RegisterCustomer', data: { user_id: row.uuid, personal, password_hash: await hashPassword(password) } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}
