import { createHmac } from 'node:crypto';
import type { UserCommand } from '../domain/user/commands';
import { userDecider } from '../domain/user/decider';
import { emailReservationDecider, emailReservationStream, emailTakenError, emailTakenMessage } from '../domain/user/email-reservation';
import { type PersonalDetails, type ProviderDetails, userStream } from '../domain/user/events';
import { type CommandContext, handleCommand, loadState } from '../infrastructure/command-handler';
import type { EventStore, Position } from '../infrastructure/event-store/event-store';
import type { Ids } from '../infrastructure/ids';
import { hashPassword } from '../infrastructure/passwords';
import type { AppSecrets } from '../infrastructure/secrets';

// Creating an account, wherever it starts (sign-up, an admin creating an admin, demo data, tests): the e-mail
// address is reserved first (one account per address), then the user's stream begins.

export type AccountDependencies = { store: EventStore; ids: Ids; secrets: Pick<AppSecrets, 'emailLookupKey'> };

export type NewAccount =
  | { user_type: 'fsp'; personal: PersonalDetails; provider: ProviderDetails; password: string }
  | { user_type: 'admin'; personal: PersonalDetails; password: string; created_by: string | null }
  | { user_type: 'customer'; personal: PersonalDetails; password: string | null; status: 'creating' | 'active' }
  /** The post wizard's visitor: an account without personal data until the overview step (spec 2 §2). */
  | { user_type: 'customer'; personal: null; password: null; status: 'creating' };

export type AccountResult = { ok: true; userId: string; position: Position | null } | { ok: false; code: string; message: string };

/** The reservation stream's name is keyed, so the store never holds an address in clear (infrastructure/secrets.ts). */
const keyedEmail = (deps: AccountDependencies, address: string) =>
  createHmac('sha256', deps.secrets.emailLookupKey).update(address.toLowerCase()).digest('base64url');

/** The user holding an address, if that user exists (a sign-up that never completed holds nothing). */
export async function emailHolder(deps: AccountDependencies, address: string): Promise<string | null> {
  const { state } = await loadState(deps.store, emailReservationStream(keyedEmail(deps, address)), emailReservationDecider);
  if (!state.holder) return null;
  return (await deps.store.readStream(userStream(state.holder))).length > 0 ? state.holder : null;
}

/** Reserves an address for a user: false when another existing user holds it (spec 2 §5 takenEmail). */
export async function reserveEmail(deps: AccountDependencies, address: string, userId: string, context: CommandContext): Promise<boolean> {
  const holder = await emailHolder(deps, address);
  const reserved = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: emailReservationStream(keyedEmail(deps, address)),
    decider: emailReservationDecider,
    command: { type: 'ReserveEmail', data: { user_id: userId, holder_exists: holder !== null && holder !== userId } },
    context,
  });
  return reserved.ok;
}

export async function registerUser(deps: AccountDependencies, account: NewAccount, context: CommandContext): Promise<AccountResult> {
  const userId = deps.ids.uuid();
  if (account.personal !== null && !(await reserveEmail(deps, account.personal.email, userId, context))) {
    return { ok: false, code: emailTakenError, message: emailTakenMessage };
  }
  const password_hash = account.password === null ? null : await hashPassword(account.password);
  const command: UserCommand =
    account.user_type === 'fsp'
      ? { type: 'SignUpProvider', data: { user_id: userId, personal: account.personal, provider: account.provider, password_hash: password_hash! } }
      : account.user_type === 'admin'
        ? { type: 'CreateAdmin', data: { user_id: userId, personal: account.personal, password_hash: password_hash!, created_by: account.created_by } }
        : { type: 'CreateCustomer', data: { user_id: userId, personal: account.personal, password_hash, status: account.status } };
  const created = await handleCommand({ store: deps.store, ids: deps.ids, streamId: userStream(userId), decider: userDecider, command, context: { ...context, userId: context.userId ?? userId } });
  if (!created.ok) return { ok: false, code: created.error.code, message: created.error.message };
  return { ok: true, userId, position: created.position };
}

/** Frees a deleted user's address so it can sign up again (the reservation records the release). */
export async function releaseEmail(deps: AccountDependencies, address: string, userId: string, context: CommandContext): Promise<void> {
  const released = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: emailReservationStream(keyedEmail(deps, address)),
    decider: emailReservationDecider,
    command: { type: 'ReleaseEmail', data: { user_id: userId } },
    context,
  });
  if (!released.ok) throw new Error(`Releasing an e-mail reservation failed: ${released.error.code}`);
}
