import type { PermissionChanges } from '../../domain/user/permissions';
import type { CommandContext } from '../../infrastructure/command-handler';
import { derivedUuid } from '../../infrastructure/ids';
import type { WorkflowDependencies } from '../dependencies';
import { runUserCommand } from './user-commands';

/** The permissions container of a user (spec 3 §7 "plus uuid"): one per user, so derived from the user's id. */
export const permissionsContainerOf = (userId: string) => derivedUuid(userId, 'permissions');

/** Records the permissions that differ from what the user holds (spec 3 §6); who may change whose is the caller's check. */
export async function changePermissions(deps: Pick<WorkflowDependencies, 'store' | 'ids'>, input: { userId: string; changes: PermissionChanges; changedBy: string }, context: CommandContext) {
  const result = await runUserCommand(deps, { type: 'ChangePermissions', data: { user_id: input.userId, permissions: input.changes, changed_by: input.changedBy } }, context);
  return result.ok ? { ok: true as const, position: result.position } : result;
}
