import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PostCommand } from '../../domain/post/commands';
import { postDecider, postErrors, postFieldErrors, type PostState } from '../../domain/post/decider';
import { isLifecycleCommand, lifecycleErrors } from '../../domain/post/lifecycle';
import { type PostEvent, postStream } from '../../domain/post/events';
import type { FieldErrors } from '../../domain/post/schemas';
import { type PostTimes, type PostView, toPostView } from '../../contracts/post';
import type { DomainError } from '../../domain/shared/decider';
import { CONTENDED_ATTEMPTS, handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import type { PostPartKind } from '../../projections/posts/posts';
import { findPost, findPostOfPart } from '../../projections/posts/queries';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { type Problem, problem, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

// What the post routes share (api/routes/posts.ts, post-parts.ts): who may touch a post, running its commands, and
// the problems its refusals become (docs/post-rules.md "Error codes").

/** A post command as a route builds it; the actor and the time are added here. */
export type PostCommandBody = PostCommand extends infer C ? (C extends unknown ? Omit<C, 'metadata'> : never) : never;

export type HeldPost = { post_id: string; owner_id: string };

/** 404 for a post that does not exist and for someone else's: a customer cannot tell them apart (docs/security.md). */
export const postNotFound = () => problem(404, postErrors.notFound, 'Post not found.');

const statusOf: Record<string, number> = {
  [postErrors.notFound]: 404,
  [postErrors.homeLoanNotFound]: 404,
  [postErrors.preferencesNotFound]: 404,
  [postErrors.applicantNotFound]: 404,
  [postErrors.incomeNotFound]: 404,
  [postErrors.expenseNotFound]: 404,
  [postErrors.notOwner]: 403,
  [postErrors.invalid]: 422,
  [postErrors.incomplete]: 422,
  [postErrors.reasonRequired]: 422,
  [postErrors.messageRequired]: 422,
  // The lifecycle (docs/post-lifecycle.md): not yours 403; the spec's two failure texts 422; wrong status, not due,
  // already accepted: 409 (the default); settings out of range are ours, 500.
  [lifecycleErrors.notAllowed]: 403,
  [lifecycleErrors.extensionLimit]: 422,
  [lifecycleErrors.automaticSelectionCancelled]: 422,
  [lifecycleErrors.bidNotAcceptable]: 422,
  [lifecycleErrors.invalidSettings]: 500,
};

/** Field paths under the body's wrapper ('loan_amount' → 'home_loan.loan_amount'). */
export function prefixed(errors: FieldErrors, wrapper: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field === 'body' ? wrapper : `${wrapper}.${field}`, messages]));
}

/**
 * A refusal as problem+json. A part's own field errors (`POST_INVALID`) are named under the body's wrapper;
 * the post's completeness errors (`POST_INCOMPLETE`) already name their part ('home_loan.loan_amount', 'applicants').
 * Conflicts (already set, limits, not editable) are 409; a broken publishing configuration is ours, 500.
 */
export function postProblem(error: DomainError, wrapper?: string): Problem {
  const errors = postFieldErrors(error);
  const status = statusOf[error.code] ?? (error.code === postErrors.publishSettingsInvalid ? 500 : 409);
  const named = errors && wrapper && error.code === postErrors.invalid ? prefixed(errors, wrapper) : errors;
  return problem(status, error.code, error.message, named);
}

export function postCommands(deps: AppDependencies) {
  const { db, store, ids, clock } = deps;

  /**
   * The post as the caller may touch it: the owner always; an admin too when `admins` says so (reading, cancelling).
   * Anyone else gets the same 404 as for a post that does not exist.
   */
  async function heldPost(request: FastifyRequest, postId: string, admins = false): Promise<HeldPost | null> {
    const row = await findPost(db, postId);
    return row && mayTouch(request, row.owner_id, admins) ? { post_id: row.uuid, owner_id: row.owner_id } : null;
  }

  /** The post holding a part (removed parts too), if the caller owns it. */
  async function postOfPart(request: FastifyRequest, partId: string, kind: PostPartKind) {
    const row = await findPostOfPart(db, partId, kind);
    return row && mayTouch(request, row.owner_id, false) ? row : null;
  }

  function mayTouch(request: FastifyRequest, ownerId: string, admins: boolean): boolean {
    const caller = callerOf(request);
    if (caller.userId === ownerId) return true;
    // Administration needs `view` (api/access.ts adminOnly).
    return admins && caller.userType === 'admin' && caller.permissions.view;
  }

  /** Decides a command on the post's stream as the caller (an admin acts as an admin: cancelling and the lifecycle pass). */
  function run(request: FastifyRequest, postId: string, body: PostCommandBody) {
    const caller = callerOf(request);
    // The body is one of the commands; only the metadata is added, so the union's member stays the same.
    const command = { ...body, metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: clock.now().toISOString() } } as PostCommand;
    return handleCommand({
      store,
      ids,
      streamId: postStream(postId),
      decider: postDecider,
      command,
      context: { userId: caller.userId, correlationId: request.id, causationId: null, now: clock.now() },
      // The lifecycle (end bidding, acceptance, …) must not lose to a burst of bids registering on the post.
      ...(isLifecycleCommand(command) ? { attempts: CONTENDED_ATTEMPTS } : {}),
    });
  }

  /**
   * Answers the write's position and waits until the posts read model holds it: the next call may name a part
   * made just now by its own path (/v2/applicants/{id}), which is looked up there.
   */
  async function settle(reply: FastifyReply, position: Position | null): Promise<void> {
    answerPosition(reply, position);
    if (position) await waitForProjections(db, ['posts'], position, { timeoutMs: 5000 });
  }

  /** Runs the command and, when refused, answers the problem; the new state otherwise. */
  async function decide(request: FastifyRequest, reply: FastifyReply, postId: string, body: PostCommandBody, wrapper?: string): Promise<PostState | null> {
    const result = await run(request, postId, body);
    if (!result.ok) {
      sendProblem(reply, postProblem(result.error, wrapper));
      return null;
    }
    await settle(reply, result.position);
    return result.state;
  }

  /** The post folded from its stream (consistent with the write just made), with its times; null if absent. */
  async function readPost(postId: string): Promise<{ state: Exclude<PostState, { status: 'absent' }>; view: PostView } | null> {
    const recorded = await store.readStream(postStream(postId));
    // The stored events of a post stream were written by the post decider.
    const state = recorded.reduce((s, e) => postDecider.evolve(s, { type: e.type, data: e.data } as PostEvent), postDecider.initialState());
    const first = recorded[0];
    const last = recorded[recorded.length - 1];
    if (state.status === 'absent' || !first || !last) return null;
    const times: PostTimes = { created_at: first.metadata.occurred_at, updated_at: last.metadata.occurred_at };
    return { state, view: toPostView(state, times) };
  }

  return { heldPost, postOfPart, decide, readPost };
}
