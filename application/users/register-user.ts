import type { UserCommand } from '../../domain/user/commands';
import { userDecider } from '../../domain/user/decider';
import { type PersonalDetails, type ProviderDetails, userStream } from '../../domain/user/events';
import type { DomainError } from '../../domain/shared/decider';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { hashPassword } from '../../infrastructure/passwords';
import { type EmailReservationDependencies, emailTaken, reserveEmail } from './email-reservations';

// Creating an account, wherever it starts (provider sign-up, an admin creating an admin, the post wizard's visitor,
// demo data, tests): the e-mail address is reserved first (one account per address), then the user's stream begins.

export type NewAccount =
  | { user_type: 'fsp'; personal: PersonalDetails; provider: ProviderDetails; password: string }
  | { user_type: 'admin'; personal: PersonalDetails; password: string; created_by: string | null }
  | { user_type: 'customer'; personal: PersonalDetails; password: string | null; status: 'creating' | 'active' }
  /** The post wizard's visitor: an account without personal data until the overview step (spec 2 §2). */
  | { user_type: 'customer'; personal: null; password: null; status: 'creating' };

export type AccountResult =
  | { ok: true; userId: string; position: Position | null }
  | { ok: false; error: DomainError & { errors?: Record<string, string[]> } };

export async function registerUser(deps: EmailReservationDependencies, account: NewAccount, context: CommandContext): Promise<AccountResult> {
  const userId = deps.ids.uuid();
  if (account.personal !== null && !(await reserveEmail(deps, account.personal.email, userId, context))) {
    return { ok: false, error: emailTaken };
  }
  const password_hash = account.password === null ? null : await hashPassword(account.password);
  const command: UserCommand =
    account.user_type === 'fsp'
      ? { type: 'SignUpProvider', data: { user_id: userId, personal: account.personal, provider: account.provider, password_hash: password_hash! } }
      : account.user_type === 'admin'
        ? { type: 'CreateAdmin', data: { user_id: userId, personal: account.personal, password_hash: password_hash!, created_by: account.created_by } }
        : { type: 'CreateCustomer', data: { user_id: userId, personal: account.personal, password_hash, status: account.status } };
  const created = await handleCommand({ store: deps.store, ids: deps.ids, streamId: userStream(userId), decider: userDecider, command, context: { ...context, userId: context.userId ?? userId } });
  if (!created.ok) return { ok: false, error: created.error };
  return { ok: true, userId, position: created.position };
}
