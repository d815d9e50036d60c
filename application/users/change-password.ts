import { wrongCurrentPassword } from '../../domain/user/profile';
import type { CommandContext } from '../../infrastructure/command-handler';
import { hashPassword, verifyPassword } from '../../infrastructure/passwords';
import { issueSessionTokens, revokeAllRefreshTokens } from '../../infrastructure/tokens';
import { waitForProjections } from '../../projections/projection-status';
import type { UserRow } from '../../projections/users/users';
import type { WorkflowDependencies } from '../dependencies';
import { fieldRefusal, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';

/**
 * A user changes the own password, giving the current one (spec 2 §4 /change-password). Every session ends
 * (docs/security.md "Password change": other devices are out at their next request); the answer is this browser's
 * new session.
 */
export async function changeOwnPassword(deps: WorkflowDependencies, row: UserRow, input: { currentPassword: string; password: string }, context: CommandContext) {
  const currentOk = row.password_hash !== null && (await verifyPassword(row.password_hash, input.currentPassword));
  if (!currentOk) return { ok: false as const, error: fieldRefusal(userRefusalCodes.currentPasswordWrong, { current_password: [wrongCurrentPassword] }) };
  const result = await runUserCommand(deps, { type: 'ChangePassword', data: { user_id: row.uuid, password_hash: await hashPassword(input.password) } }, context);
  if (!result.ok) return result;
  // The next log-in must see the new password.
  if (result.position) await waitForProjections(deps.db, ['users'], result.position, { timeoutMs: 5000 });
  const now = deps.clock.now();
  await revokeAllRefreshTokens(deps.db, row.uuid, now);
  const tokens = await issueSessionTokens(deps.db, deps.secrets.accessTokenKey, { userId: row.uuid, userType: row.user_type }, now);
  return { ok: true as const, position: result.position, tokens };
}
