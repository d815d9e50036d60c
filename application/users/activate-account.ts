import type { CommandContext } from '../../infrastructure/command-handler';
import { verifyActivationCode } from '../../infrastructure/identity-tokens';
import type { WorkflowDependencies } from '../dependencies';
import { fieldRefusal, userRefusalCodes } from './refusals';
import { runUserCommand } from './user-commands';

export const invalidActivationCode = 'This activation link is invalid or has expired. Please, ask for a new one.';

/** The code of an activation link verifies the account's e-mail address (spec 2 §4); activating twice is fine. */
export async function activateAccount(deps: Pick<WorkflowDependencies, 'store' | 'ids' | 'secrets'>, activationCode: string, context: CommandContext) {
  const refusal = { ok: false as const, error: fieldRefusal(userRefusalCodes.activationCodeInvalid, { activation_code: [invalidActivationCode] }) };
  const userId = await verifyActivationCode(deps.secrets.accessTokenKey, activationCode, context.now);
  if (!userId) return refusal;
  const result = await runUserCommand(deps, { type: 'VerifyEmail', data: { user_id: userId } }, { ...context, userId });
  // A deleted account's link is as dead as a forged one.
  if (!result.ok || result.state.stage !== 'registered') return refusal;
  return { ok: true as const, position: result.position, user_type: result.state.user_type, status: result.state.status };
}
