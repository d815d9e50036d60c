import { createHmac } from 'node:crypto';
import { emailReservationDecider, emailReservationStream, emailTakenError, emailTakenMessage } from '../../domain/user/email-reservation';
import { userStream } from '../../domain/user/events';
import { type CommandContext, handleCommand, loadState } from '../../infrastructure/command-handler';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import type { Ids } from '../../infrastructure/ids';
import type { AppSecrets } from '../../infrastructure/secrets';

// One account per e-mail address: an address is reserved for a user before the user's stream records it, and a
// deleted or changed address is released.

export type EmailReservationDependencies = { store: EventStore; ids: Ids; secrets: Pick<AppSecrets, 'emailLookupKey'> };

/** spec 2 §5: the form shows `takenEmail` under the address. */
export const emailTaken = { code: emailTakenError, message: emailTakenMessage, errors: { email: ['takenEmail'] } };

/** The reservation stream's name is keyed, so the store never holds an address in clear (infrastructure/secrets.ts). */
const keyedEmail = (deps: EmailReservationDependencies, address: string) =>
  createHmac('sha256', deps.secrets.emailLookupKey).update(address.toLowerCase()).digest('base64url');

/** The user holding an address, if that user exists (a sign-up that never completed holds nothing). */
export async function emailHolder(deps: EmailReservationDependencies, address: string): Promise<string | null> {
  const { state } = await loadState(deps.store, emailReservationStream(keyedEmail(deps, address)), emailReservationDecider);
  if (!state.holder) return null;
  return (await deps.store.readStream(userStream(state.holder))).length > 0 ? state.holder : null;
}

/** Reserves an address for a user: false when another existing user holds it (spec 2 §5 takenEmail). */
export async function reserveEmail(deps: EmailReservationDependencies, address: string, userId: string, context: CommandContext): Promise<boolean> {
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

/** Frees a deleted user's address so it can sign up again (the reservation records the release). */
export async function releaseEmail(deps: EmailReservationDependencies, address: string, userId: string, context: CommandContext): Promise<void> {
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
