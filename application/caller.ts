import type { PermissionMap } from '../domain/user/permissions';
import type { UserType } from '../domain/user/schemas';
import type { CommandContext } from '../infrastructure/command-handler';

/** Who runs a workflow: the logged-in user as the API authenticated it, without the HTTP request. */
export type Actor = {
  userId: string;
  userType: UserType;
  organisationUuid: string | null;
  permissions: PermissionMap;
};

/** A person's request to a workflow: who asks, and the request's id, which the events carry as their correlation id. */
export type ActorRequest = { actor: Actor; correlationId: string };

/** The command context of a person's write (no causing event). */
export const contextOf = (request: ActorRequest, now: Date): CommandContext => ({ userId: request.actor.userId, correlationId: request.correlationId, causationId: null, now });

/** The metadata of the deciders that name their actor as a user and whether an admin (deal, post note, review, external deal). */
export const adminFlagMetadata = (actor: Actor, now: Date) => ({ actor: { user_id: actor.userId, admin: actor.userType === 'admin' }, now: now.toISOString() });
