import type { CommandContext } from '../../infrastructure/command-handler';
import { passwordTag, verifyPasswordResetToken } from '../../infrastructure/identity-tokens';
import { hashPassword } from '../../infrastructure/passwords';
import { revokeAllRefreshTokens } from '../../infrastructure/tokens';
import { findUser } from '../../projections/users/queries';
import type { WorkflowDependencies } from '../dependencies';
import { fieldRefusal, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';

export const invalidResetToken = 'This password reset link is invalid, has expired or was already used. Please, ask for a new one.';

/**
 * A new password with the token of a password reset link (spec 2 §4). The link was made for the password the account
 * has now, so after any change it is dead (one use). Whoever held a session with the old password (perhaps the
 * reason for the reset) is logged out.
 */
export async function resetPassword(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'secrets'>, input: { token: string; password: string }, context: CommandContext) {
  const refusal = { ok: false as const, error: fieldRefusal(userRefusalCodes.passwordResetTokenInvalid, { token: [invalidResetToken] }) };
  const reset = await verifyPasswordResetToken(deps.secrets.accessTokenKey, input.token, context.now);
  const user = reset ? await findUser(deps.db, reset.userId) : undefined;
  if (!reset || !user || passwordTag(user.password_hash) !== reset.passwordTag) return refusal;
  const result = await runUserCommand(deps, { type: 'ChangePassword', data: { user_id: user.uuid, password_hash: await hashPassword(input.password) } }, { ...context, userId: user.uuid });
  if (!result.ok) return refusal;
  await revokeAllRefreshTokens(deps.db, user.uuid, context.now);
  return { ok: true as const, userId: user.uuid, position: result.position };
}
