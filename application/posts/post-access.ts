import type { PostPartKind } from '../../projections/posts/posts';
import { findPost, findPostOfPart } from '../../projections/posts/queries';
import type { WorkflowDependencies } from '../dependencies';
import type { PostCaller } from './post-caller';

// Who may touch a post: its owner always; an admin with `view` where the operation says so (reading, cancelling,
// the lifecycle). Anyone else meets the 404 of a post that does not exist (docs/security.md).

export type HeldPost = { post_id: string; owner_id: string };

function mayTouch(caller: PostCaller, ownerId: string, admins: boolean): boolean {
  if (caller.userId === ownerId) return true;
  // Administration needs `view` (api/access.ts adminOnly).
  return admins && caller.userType === 'admin' && caller.permissions.view;
}

/** The post as the caller may touch it (admins too when `admins` says so); null otherwise. */
export async function findHeldPost(deps: Pick<WorkflowDependencies, 'db'>, caller: PostCaller, postId: string, admins = false): Promise<HeldPost | null> {
  const row = await findPost(deps.db, postId);
  return row && mayTouch(caller, row.owner_id, admins) ? { post_id: row.uuid, owner_id: row.owner_id } : null;
}

/** The post holding a part (removed parts too), if the caller owns it. */
export async function findOwnedPostOfPart(deps: Pick<WorkflowDependencies, 'db'>, caller: PostCaller, partId: string, kind: PostPartKind) {
  const row = await findPostOfPart(deps.db, partId, kind);
  return row && mayTouch(caller, row.owner_id, false) ? row : null;
}
