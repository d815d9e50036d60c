import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editPost } from '../../application/posts/edit-post';
import { findHeldPost } from '../../application/posts/post-access';
import type { PostRequester } from '../../application/posts/post-caller';
import { publishPost } from '../../application/posts/publish-post';
import { readPost } from '../../application/posts/read-post';
import { runLifecycleOperation } from '../../application/posts/run-lifecycle-operation';
import { type PostCommandResult, runPostCommand } from '../../application/posts/run-post-command';
import { postView } from '../../contracts/post';
import { lifecycleOperations, type PostOperation, postOperationBody } from '../../contracts/post-operations';
import { postErrors } from '../../domain/post/decider';
import { allow } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPost, postNotFound, refused, requesterOf } from './post-commands';

// PATCH /v2/posts/{id} (spec 2 §4 "Post operations", spec 1 §2 "Admin actions"): each operation is a workflow of
// application/posts/; the answer is the post as the operation left it, so a wizard step needs no read after it.

const params = z.object({ id: z.uuid() });

/** The operations an admin may run on someone else's post (the lifecycle decider refuses the owner the admin-only ones). */
const adminOperations = new Set<string>(['cancel', ...lifecycleOperations]);

/** The owner's calls an admin may also make (reading a post, cancelling it, the lifecycle: spec 1 §2 "Admin actions"). */
export const ownerOrAdminAccess = (deps: AppDependencies) => allow(deps, { userTypes: ['customer', 'admin'], allowCreating: true });

/** Runs the operation's workflow. */
function operate(deps: AppDependencies, requester: PostRequester, post_id: string, body: PostOperation): Promise<PostCommandResult> {
  switch (body.operation) {
    case 'update':
      return runPostCommand(deps, requester, post_id, { type: 'ChangePostDetails', data: { post_id, changes: body.post } });
    case 'validate':
      return publishPost(deps, requester, post_id);
    case 'cancel':
      return runPostCommand(deps, requester, post_id, { type: 'CancelPost', data: { post_id, reason: body.reason } });
    case 'request_update':
      return runPostCommand(deps, requester, post_id, { type: 'RequestPostUpdate', data: { post_id, message: body.message } });
    case 'set_sort':
      return runPostCommand(deps, requester, post_id, { type: 'SetPostSort', data: { post_id, sort_by: body.sort_by } });
    case 'edit':
      return editPost(deps, requester, post_id, body.changes);
    default:
      return runLifecycleOperation(deps, requester, { postId: post_id, operation: body.operation });
  }
}

export const postOperationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/v2/posts/:id',
      {
        onRequest: ownerOrAdminAccess(deps),
        schema: {
          tags: ['posts'],
          summary:
            'A post operation: update (urgency), validate (publish: open for bids), cancel (owner or admin), request_update, set_sort, edit (several part changes as one: a wizard step or the edit screen); ' +
            'end_bidding_period, extend_review_period, cancel_automatic_selection (owner or admin), promote_as_priority, remove_priority, stop_auto_bids, resume_auto_bids (an active auction post), close, delete (admin; 204). Answers the updated post',
          params,
          body: postOperationBody,
          response: { 200: postView, 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const { body } = request;
        const requester = requesterOf(request);
        const held = await findHeldPost(deps, requester.caller, request.params.id, adminOperations.has(body.operation));
        // An admin sees that a post exists; only the admin operations are theirs (the decider refuses the rest as not owner).
        if (!held) {
          const { caller } = requester;
          if (caller.userType !== 'admin' || !caller.permissions.view || !(await readPost(deps, request.params.id))) return sendProblem(reply, postNotFound());
          return sendProblem(reply, domainProblem({ code: postErrors.notOwner, message: 'Only the owner of this post can change it.' }));
        }
        const result = await operate(deps, requester, held.post_id, body);
        if (refused(reply, result, body.operation === 'update' ? 'post' : undefined)) return reply;
        if (body.operation === 'delete') return reply.code(204).send(null);
        return answerPost(deps, reply, held.post_id);
      },
    );
  };
