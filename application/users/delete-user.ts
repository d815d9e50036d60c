import { userSubject } from '../../domain/user/events';
import type { CommandContext } from '../../infrastructure/command-handler';
import { PersonalDataEventStore } from '../../infrastructure/event-store/personal-data';
import { eraseOutboxRecipient, eraseOutboxSubject } from '../../infrastructure/outbox/queries';
import { revokeAllRefreshTokens } from '../../infrastructure/tokens';
import { findUser } from '../../projections/users/queries';
import type { WorkflowDependencies } from '../dependencies';
import { eraseSubscriber } from '../mailing-list/erase-subscriber';
import { releaseEmail } from './email-reservations';
import { userNotFound } from './refusals';
import { runUserCommand } from './user-commands';

/**
 * An admin deletes a user (docs/personal-data.md): the personal data is erased (crypto-shredding: the key's
 * deletion), the e-mail address is freed, the mail to and about the user is erased, the user leaves the mailing list
 * and every session ends. Erasure first, the deletion event last: a request that fails half-way finds the user still
 * there and repeats every step (each is idempotent) before the user disappears from the read model.
 */
export async function deleteUser(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'secrets' | 'clock'>, userId: string, context: CommandContext) {
  const { db, store } = deps;
  // Every store the product opens encrypts personal data (open-event-store.ts); erasure is its key's deletion.
  if (!(store instanceof PersonalDataEventStore)) throw new Error('Deleting a user needs the personal-data event store');
  const row = await findUser(db, userId);
  if (!row) return { ok: false as const, error: userNotFound };
  if (row.email) {
    await releaseEmail(deps, row.email, row.uuid, context);
    await eraseOutboxRecipient(db, row.email);
    await eraseSubscriber({ ...deps, store }, row.email, context);
  }
  await eraseOutboxSubject(db, row.uuid);
  await revokeAllRefreshTokens(db, row.uuid, deps.clock.now());
  await store.erase(userSubject(row.uuid));
  const result = await runUserCommand(deps, { type: 'DeleteUser', data: { user_id: row.uuid } }, context);
  return result.ok ? { ok: true as const, position: result.position } : { ok: false as const, error: userNotFound };
}
