import type { FastifyReply, FastifyRequest } from 'fastify';
import { findOwnedPostOfPart } from '../../application/posts/post-access';
import type { PostRequester } from '../../application/posts/post-caller';
import { type ExistingPost, readPost } from '../../application/posts/read-post';
import { type PostCommandBody, type PostCommandResult, runPostCommand } from '../../application/posts/run-post-command';
import { currentYearAt, postErrors, type PostError } from '../../domain/post/decider';
import type { FieldErrors } from '../../domain/post/schemas';
import type { PostPartKind } from '../../projections/posts/posts';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { type Problem, problem, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

// What the post routes share (posts.ts, post-operations.ts, post-parts.ts, post-people-parts.ts, post-expense-parts.ts): the caller
// as the workflows take it, answering a workflow's result, and the problems a refusal becomes
// (docs/post-rules.md "Error codes"). The workflows themselves are in application/posts/.

/** 404 for a post that does not exist and for someone else's: a customer cannot tell them apart (docs/security.md). */
export const postNotFound = () => domainProblem({ code: postErrors.notFound, message: 'Post not found.' });

/** Field paths under the body's wrapper ('loan_amount' → 'home_loan.loan_amount'; a refusal of the whole part → 'home_loan'). */
export function prefixed(errors: FieldErrors, wrapper: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field === 'body' ? wrapper : `${wrapper}.${field}`, messages]));
}

/**
 * A refusal as problem+json (the status from api/domain-problems.ts). Only a part's own field errors
 * (`POST_INVALID`) are named under the body's wrapper, with 'body' as the wrapper itself; the post's completeness
 * errors (`POST_INCOMPLETE`) already name their part ('home_loan.loan_amount', 'applicants'), so they stay as they are.
 */
export function postProblem(error: PostError, wrapper?: string): Problem {
  const named = error.errors && wrapper && error.code === postErrors.invalid ? { ...error, errors: prefixed(error.errors, wrapper) } : error;
  return domainProblem(named);
}

/** The caller as the post workflows take it. */
export const requesterOf = (request: FastifyRequest): PostRequester => ({ caller: callerOf(request), correlationId: request.id });

/** Answers a refusal (true: answered) or the write's position (read-your-writes) and lets the route answer. */
export function refused(reply: FastifyReply, result: PostCommandResult, wrapper?: string): boolean {
  if (!result.ok) {
    sendProblem(reply, postProblem(result.error, wrapper));
    return true;
  }
  answerPosition(reply, result.position);
  return false;
}

/** Answers the post as it is now: the updated view a write answers (a wizard step needs no read after it). */
export async function answerPost(deps: Pick<AppDependencies, 'store'>, reply: FastifyReply, postId: string, status = 200) {
  const read = await readPost(deps, postId);
  if (!read) return sendProblem(reply, postNotFound());
  return reply.code(status).send(read.view);
}

/** `readPost` for api/routes/bid-commands.ts, until it imports application/posts/read-post.ts itself. */
export function postCommands(deps: Pick<AppDependencies, 'store'>) {
  return { readPost: (postId: string) => readPost(deps, postId) };
}

type Post = ExistingPost['post'];

/** What the part routes share (post-parts.ts, post-people-parts.ts, post-expense-parts.ts). */
export function partRoutes(deps: AppDependencies) {
  const partNotFound = (what: string) => problem(404, 'NOT_FOUND', `${what} not found.`);
  return {
    partNotFound,
    currentYear: () => currentYearAt(deps.clock.now().toISOString()),
    /** A part the route checks itself (applicants: the ages need today's year) refused with its field errors. */
    invalid: (reply: FastifyReply, errors: FieldErrors) =>
      sendProblem(reply, domainProblem({ code: postErrors.invalid, message: Object.values(errors)[0]?.[0] ?? 'The post has invalid fields.', errors })),
    /** The owned post behind a part's path; answers 404 (and null) otherwise. */
    async postOf(request: FastifyRequest, reply: FastifyReply, partId: string, kind: PostPartKind, what: string) {
      const found = await findOwnedPostOfPart(deps, callerOf(request), partId, kind);
      if (!found) sendProblem(reply, partNotFound(what));
      return found;
    },
    /** Runs a part's command (add or change), then answers the part `view` picks from the new post (201 for a new part). */
    async save<V>(request: FastifyRequest, reply: FastifyReply, postId: string, command: PostCommandBody, wrapper: string, view: (post: Post) => V | undefined, status = 200) {
      const result = await runPostCommand(deps, requesterOf(request), postId, command);
      if (refused(reply, result, wrapper) || !result.ok) return reply;
      const answer = result.state.status === 'absent' ? undefined : view(result.state.post);
      return answer === undefined ? sendProblem(reply, postNotFound()) : reply.code(status).send(answer);
    },
    /** Runs a part's removal: 204, also for a part already gone. */
    async remove(request: FastifyRequest, reply: FastifyReply, postId: string, command: PostCommandBody) {
      const result = await runPostCommand(deps, requesterOf(request), postId, command);
      return refused(reply, result) ? reply : reply.code(204).send(null);
    },
  };
}
