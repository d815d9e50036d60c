import type { CommandContext } from '../../infrastructure/command-handler';
import { findUserByEmail } from '../../projections/users/queries';
import type { WorkflowDependencies } from '../dependencies';
import { runUserCommand } from './user-commands';

// The mail asked for by e-mail address without a log-in (spec 2 §4): the activation mail again, a password reset
// link. Nothing tells the caller whether the address has an account (docs/security.md "Activation and password
// recovery"), so neither answers anything.

type Dependencies = Pick<WorkflowDependencies, 'db' | 'store' | 'ids'>;

/** An account already activated refuses (USER_ALREADY_ACTIVATED): nothing is written. */
export async function requestActivationMail(deps: Dependencies, email: string, context: CommandContext): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user) await runUserCommand(deps, { type: 'RequestActivationMail', data: { user_id: user.uuid } }, { ...context, userId: user.uuid });
}

export async function requestPasswordReset(deps: Dependencies, email: string, context: CommandContext): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user) await runUserCommand(deps, { type: 'RequestPasswordReset', data: { user_id: user.uuid, reset_id: deps.ids.uuid() } }, { ...context, userId: user.uuid });
}
