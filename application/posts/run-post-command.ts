import type { PostCommand } from '../../domain/post/commands';
import { postDecider, type PostError, type PostState } from '../../domain/post/decider';
import { isLifecycleCommand } from '../../domain/post/lifecycle';
import { postStream } from '../../domain/post/events';
import { CONTENDED_ATTEMPTS, handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import type { WorkflowDependencies } from '../dependencies';
import type { PostRequester } from './post-caller';

/** A post command as a workflow builds it; the actor and the time are added here. */
export type PostCommandBody = PostCommand extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never;

export type PostCommandResult = { ok: true; state: PostState; position: Position | null } | { ok: false; error: PostError };

export type PostCommandDependencies = Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>;

/**
 * Decides a command on the post's stream as the caller (an admin acts as an admin: cancelling and the lifecycle
 * pass) and waits until the posts read model holds the write: the next call may name a part made just now by its own
 * path (/v2/applicants/{id}), which is looked up there. Every post workflow writes through here; a part's add,
 * change or remove is one such command.
 */
export async function runPostCommand(deps: PostCommandDependencies, requester: PostRequester, postId: string, body: PostCommandBody): Promise<PostCommandResult> {
  const { caller, correlationId } = requester;
  const now = deps.clock.now();
  // The body is one of the commands; only the metadata is added, so the union's member stays the same.
  const command = { ...body, metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: now.toISOString() } } as PostCommand;
  const result = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: postStream(postId),
    decider: postDecider,
    command,
    context: { userId: caller.userId, correlationId, causationId: null, now },
    // The lifecycle (end bidding, acceptance, …) must not lose to a burst of bids registering on the post.
    ...(isLifecycleCommand(command) ? { attempts: CONTENDED_ATTEMPTS } : {}),
  });
  if (!result.ok) return result;
  if (result.position) await waitForProjections(deps.db, ['posts'], result.position, { timeoutMs: 5000 });
  return { ok: true, state: result.state, position: result.position };
}
