import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PostPartCommand } from '../../domain/post/commands';
import { currentYearAt, postErrors, type PostState } from '../../domain/post/decider';
import {
  applicantSchema,
  cancellationReason,
  errorsOf,
  expenseSchema,
  homeLoanDraftSchema,
  homeLoanSchema,
  incomeSchema,
  newPostSchema,
  postChangesSchema,
  postSortKey,
  preferencesSchema,
  updateRequestMessage,
} from '../../domain/post/schemas';
import { ownPostView, ownPostsQuery } from '../../domain/post/own-posts';
import { postView, type ValidationType, validationAnswer, validationBody } from '../../contracts/post';
import { listResultSchema } from '../../domain/shared/list-query';
import { findProduct } from '../../domain/product/products';
import { userDecider, userErrors } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import { handleCommand } from '../../infrastructure/command-handler';
import { readSettings } from '../../infrastructure/system-settings';
import { waitForProjections } from '../../projections/projection-status';
import { listOwnPosts } from '../../projections/posts/queries';
import { findUser } from '../../projections/users/queries';
import { allow, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { editOperation, editPost } from './post-edit';
import { postReadingRoutes } from './post-reading';
import { postCommands, postNotFound, postProblem, prefixed } from './post-commands';
import { lifecycleOperationBody, lifecycleOperations, runLifecycleOperation } from './post-lifecycle';

const TAGS = ['posts'];
const params = z.object({ id: z.uuid() });

/** The owner's calls: customers, the wizard's customer (still `creating`) included (spec 2 §2). */
export const ownerAccess = (deps: AppDependencies) => allow(deps, { userTypes: ['customer'], allowCreating: true });
/** The owner's calls an admin may also make (reading a post, cancelling it, the lifecycle: spec 1 §2 "Admin actions"). */
const ownerOrAdminAccess = (deps: AppDependencies) => allow(deps, { userTypes: ['customer', 'admin'], allowCreating: true });

/** PATCH /v2/posts/{id} (spec 2 §4 "Post operations"; the trade flow's in ./post-lifecycle.ts). */
export const postOperationBody = z.discriminatedUnion(
  'operation',
  [
    z.strictObject({ operation: z.literal('update'), post: postChangesSchema }),
    z.strictObject({ operation: z.literal('validate') }),
    z.strictObject({ operation: z.literal('cancel'), reason: cancellationReason }),
    z.strictObject({ operation: z.literal('request_update'), message: updateRequestMessage }),
    z.strictObject({ operation: z.literal('set_sort'), sort_by: postSortKey }),
    editOperation,
    lifecycleOperationBody,
  ],
  { error: 'Unknown operation.' },
);

/** The operations an admin may run on someone else's post (the lifecycle decider refuses the owner the admin-only ones). */
const adminOperations = new Set<string>(['cancel', ...lifecycleOperations]);

/** The reason recorded when the owner resets the wizard (DELETE /v1/posts/{id}); docs/api.md "Posts". */
export const resetReason = 'Reset by the customer before publishing';

/**
 * The post's own calls (spec 2 §7 "Post creation"): start, operations, reset, read, copy, and the validation of a
 * part without saving it. The parts' calls are in ./post-parts.ts.
 */
export const postRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, ids, clock } = deps;
    const posts = postCommands(deps);

    /** Answers the post as it is now (folded from its stream). */
    async function answerPost(reply: FastifyReply, postId: string, status = 200) {
      const read = await posts.readPost(postId);
      if (!read) return sendProblem(reply, postNotFound());
      return reply.code(status).send(read.view);
    }

    const startPost = async (request: FastifyRequest<{ Params: { id: string }; Body: { post: z.infer<typeof newPostSchema> } }>, reply: FastifyReply) => {
      if (!findProduct(request.params.id)) return sendProblem(reply, problem(404, 'PRODUCT_NOT_FOUND', 'Product not found.'));
      const caller = callerOf(request);
      const postId = ids.uuid();
      const { urgency, campaign_slug } = request.body.post;
      const state = await posts.decide(request, reply, postId, {
        type: 'StartPost',
        data: { post_id: postId, owner_id: caller.userId, product_id: request.params.id, origin: 'auction', urgency: urgency ?? null, campaign_slug: campaign_slug ?? null },
      }, 'post');
      if (!state) return reply;
      return answerPost(reply, postId, 201);
    };
    const startSchema = {
      tags: TAGS,
      summary: 'Start a post (pending) for the logged-in customer; urgency and campaign slug may come now or later',
      params,
      body: z.strictObject({ post: newPostSchema }),
      response: { 201: postView, ...problemResponses },
    };
    app.post('/v2/products/:id/posts', { onRequest: ownerAccess(deps), schema: startSchema }, startPost);
    app.post('/v1/products/:id/posts', { onRequest: ownerAccess(deps), schema: { ...startSchema, summary: `${startSchema.summary} (v1 path)` } }, startPost);

    /**
     * The first post of the wizard's customer makes the account active once it is registered (spec 2 §2: `creating`
     * until then). Run after the publish, apart from it (another stream); ChangeUserStatus to the same status
     * records nothing, so validating again completes a step a crash left undone.
     */
    async function activateOwner(request: FastifyRequest): Promise<void> {
      const caller = callerOf(request);
      const result = await handleCommand({
        store,
        ids,
        streamId: userStream(caller.userId),
        decider: userDecider,
        command: { type: 'ChangeUserStatus', data: { user_id: caller.userId, status: 'active' } },
        context: { userId: caller.userId, correlationId: request.id, causationId: null, now: clock.now() },
      });
      // The wizard logs in again right after: the status must be readable.
      if (result.ok && result.position) await waitForProjections(db, ['users'], result.position, { timeoutMs: 5000 });
    }

    app.patch(
      '/v2/posts/:id',
      {
        onRequest: ownerOrAdminAccess(deps),
        schema: {
          tags: TAGS,
          summary:
            'A post operation: update (urgency), validate (publish: open for bids), cancel (owner or admin), request_update, set_sort, edit (several part changes as one); ' +
            'end_bidding_period, extend_review_period, cancel_automatic_selection (owner or admin), promote_as_priority, remove_priority, close, delete (admin; 204)',
          params,
          body: postOperationBody,
          response: { 200: postView, 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const held = await posts.heldPost(request, request.params.id, adminOperations.has(body.operation));
        // An admin sees that a post exists; only the admin operations are theirs (the decider refuses the rest as not owner).
        if (!held) {
          const caller = callerOf(request);
          if (caller.userType !== 'admin' || !caller.permissions.view || !(await posts.readPost(request.params.id))) return sendProblem(reply, postNotFound());
          return sendProblem(reply, problem(403, postErrors.notOwner, 'Only the owner of this post can change it.'));
        }
        const postId = held.post_id;
        let state: PostState | null;
        switch (body.operation) {
          case 'update':
            state = await posts.decide(request, reply, postId, { type: 'ChangePostDetails', data: { post_id: postId, changes: body.post } }, 'post');
            break;
          case 'validate': {
            const caller = callerOf(request);
            if (caller.status === 'creating') {
              // A post open for bids needs a customer providers can reach: the account is registered first (overview step).
              const owner = await findUser(db, caller.userId);
              if (!owner?.email) return sendProblem(reply, problem(409, userErrors.notRegistered, 'Create your account before publishing the post.'));
            }
            // The periods an admin set in the system configurations (defaults: defaultPublishSettings).
            const { post_bidding_period_days, post_review_period_days } = await readSettings(store);
            const settings = { bidding_period_days: post_bidding_period_days, review_period_days: post_review_period_days };
            state = await posts.decide(request, reply, postId, { type: 'PublishPost', data: { post_id: postId, settings } });
            if (state && caller.status === 'creating') await activateOwner(request);
            break;
          }
          case 'cancel':
            state = await posts.decide(request, reply, postId, { type: 'CancelPost', data: { post_id: postId, reason: body.reason } });
            break;
          case 'request_update':
            state = await posts.decide(request, reply, postId, { type: 'RequestPostUpdate', data: { post_id: postId, message: body.message } });
            break;
          case 'set_sort':
            state = await posts.decide(request, reply, postId, { type: 'SetPostSort', data: { post_id: postId, sort_by: body.sort_by } });
            break;
          case 'edit':
            state = await editPost(deps, posts, request, reply, postId, body.changes);
            break;
          default:
            state = await runLifecycleOperation(deps, posts, request, reply, postId, body.operation);
            if (state && body.operation === 'delete') return reply.code(204).send(null);
        }
        if (!state) return reply;
        return answerPost(reply, postId);
      },
    );

    app.delete(
      '/v1/posts/:id',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "The wizard's reset (spec 2 §2): the owner's pending post is cancelled; an open post is cancelled with a reason instead",
          params,
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const held = await posts.heldPost(request, request.params.id);
        if (!held) return sendProblem(reply, postNotFound());
        const read = await posts.readPost(held.post_id);
        if (read?.state.status === 'cancelled') return reply.code(204).send(null);
        if (read?.state.status !== 'pending') return sendProblem(reply, postProblem({ code: postErrors.notEditable, message: 'An open post is cancelled with a reason.' }));
        const state = await posts.decide(request, reply, held.post_id, { type: 'CancelPost', data: { post_id: held.post_id, reason: resetReason } });
        if (!state) return reply;
        return reply.code(204).send(null);
      },
    );

    // GET /v4/posts/{id}: every role's reading of a post (owner, admin, provider) lives in ./post-reading.ts.
    await app.register(postReadingRoutes(deps));

    app.get(
      '/v1/users/posts',
      {
        // Customers only, each sees their own; the wizard's customer (still `creating`) too: the dashboard and
        // /create-post offer to continue the draft from it (docs/dashboards.md "The new customer's dashboard").
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "The caller's own posts (dashboards: spec 2 §7), newest first unless sorted; filter[status]",
          querystring: ownPostsQuery,
          response: { 200: listResultSchema(ownPostView), ...problemResponses },
        },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, ['posts']);
        const page = await listOwnPosts(db, callerOf(request).userId, request.query);
        return {
          total_records: page.total_records,
          result: page.result.map((row) => ({ uuid: row.uuid, status: row.status, loan_amount: row.loan_amount, lvr: row.lvr, created_at: row.created_at.toISOString() })),
        };
      },
    );

    app.post(
      '/v3/posts/:id/clones',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: 'A pending copy of the own post (every part, new ids), to describe a similar loan again',
          params,
          body: z.strictObject({}).optional(),
          response: { 201: postView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const held = await posts.heldPost(request, request.params.id);
        const read = held && (await posts.readPost(held.post_id));
        if (!read) return sendProblem(reply, postNotFound());
        const source = read.state.post;
        const copyId = ids.uuid();
        const started = await posts.decide(request, reply, copyId, {
          type: 'StartPost',
          data: { post_id: copyId, owner_id: source.owner_id, product_id: source.product_id, origin: source.origin, urgency: source.urgency, campaign_slug: source.campaign_slug },
        });
        if (!started) return reply;
        const parts = copiedParts(source, copyId, () => ids.uuid());
        // The parts in one append: the copy has all of them or none (then it is an empty pending post).
        if (parts.length > 0) {
          const copied = await posts.decide(request, reply, copyId, { type: 'EditPost', data: { post_id: copyId, commands: parts } });
          if (!copied) return reply;
        }
        return answerPost(reply, copyId, 201);
      },
    );

    app.post(
      '/v2/validations',
      {
        // Public: the wizard checks its first steps before the customer account exists (spec 2 §7).
        schema: {
          tags: TAGS,
          summary: 'Check a part of a post without saving it; 422 with the field errors named as the saving call names them (home_loan.loan_amount)',
          body: validationBody,
          response: { 200: validationAnswer, ...problemResponses },
        },
      },
      async (request, reply) => {
        const { type, data } = request.body.validation;
        const errors = validationErrors(type, data, currentYearAt(clock.now().toISOString()));
        if (Object.keys(errors).length > 0) {
          // Named as the saving call names them (a draft of the loan too), so one form shows both.
          const wrapper = type === 'home_loan_draft' ? 'home_loan' : type;
          return sendProblem(reply, problem(422, postErrors.invalid, 'The post has invalid fields.', prefixed(errors, wrapper)));
        }
        return { valid: true as const };
      },
    );
  };

function validationErrors(type: ValidationType, data: unknown, currentYear: number) {
  switch (type) {
    case 'post':
      return errorsOf(newPostSchema, data);
    case 'home_loan':
      return errorsOf(homeLoanSchema, data);
    case 'home_loan_draft':
      return errorsOf(homeLoanDraftSchema, data);
    case 'home_loan_preferences':
      return errorsOf(preferencesSchema, data);
    case 'applicant':
      return errorsOf(applicantSchema(currentYear), data);
    case 'income':
      return errorsOf(incomeSchema, data);
    case 'expense':
      return errorsOf(expenseSchema, data);
  }
}

/** The commands that rebuild a post's parts in another post, each part under a new id. */
function copiedParts(source: Exclude<PostState, { status: 'absent' }>['post'], postId: string, newId: () => string): PostPartCommand[] {
  const loan = source.home_loan;
  if (!loan) return [];
  const { home_loan_id: _loanId, ...homeLoan } = loan;
  const homeLoanId = newId();
  const commands: PostPartCommand[] = [{ type: 'SetHomeLoan', data: { post_id: postId, home_loan_id: homeLoanId, home_loan: homeLoan } }];
  if (source.preferences) {
    const { preferences_id: _preferencesId, ...preferences } = source.preferences;
    commands.push({ type: 'SetPreferences', data: { post_id: postId, home_loan_id: homeLoanId, preferences_id: newId(), preferences } });
  }
  const applicantIds = new Map<string, string>();
  for (const { applicant_id, number: _number, ...applicant } of source.applicants) {
    const id = newId();
    applicantIds.set(applicant_id, id);
    commands.push({ type: 'AddApplicant', data: { post_id: postId, home_loan_id: homeLoanId, applicant_id: id, applicant } });
  }
  for (const { income_id: _incomeId, applicant_id, ...income } of source.incomes) {
    const applicantId = applicantIds.get(applicant_id);
    if (applicantId) commands.push({ type: 'AddIncome', data: { post_id: postId, applicant_id: applicantId, income_id: newId(), income } });
  }
  for (const { expense_id: _expenseId, ...expense } of source.expenses) {
    const applicants = expense.applicants.flatMap((id) => applicantIds.get(id) ?? []);
    commands.push({ type: 'AddExpense', data: { post_id: postId, home_loan_id: homeLoanId, expense_id: newId(), expense: { ...expense, applicants } } });
  }
  return commands;
}
