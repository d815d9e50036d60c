import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { copyPost } from '../../application/posts/copy-post';
import { findHeldPost } from '../../application/posts/post-access';
import { resetPost } from '../../application/posts/reset-post';
import { startPost } from '../../application/posts/start-post';
import { postView, type ValidationType, validationAnswer, validationBody } from '../../contracts/post';
import { currentYearAt, postErrors } from '../../domain/post/decider';
import { ownPostView, ownPostsQuery } from '../../domain/post/own-posts';
import { applicantSchema, errorsOf, expenseSchema, homeLoanDraftSchema, homeLoanSchema, incomeSchema, newPostSchema, preferencesSchema } from '../../domain/post/schemas';
import { findProduct } from '../../domain/product/products';
import { listResultSchema } from '../../domain/shared/list-query';
import { listOwnPosts } from '../../projections/posts/queries';
import { allow, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { postOperationRoutes } from './post-operations';
import { postReadingRoutes } from './post-reading';
import { answerPost, postNotFound, prefixed, refused, requesterOf } from './post-commands';

const TAGS = ['posts'];
const params = z.object({ id: z.uuid() });

/** The owner's calls: customers, the wizard's customer (still `creating`) included (spec 2 §2). */
export const ownerAccess = (deps: AppDependencies) => allow(deps, { userTypes: ['customer'], allowCreating: true });
/**
 * The post's own calls (spec 2 §7 "Post creation"): start, operations, reset, read, copy, and the validation of a
 * part without saving it; each write is a workflow of application/posts/. The parts' calls are in ./post-parts.ts.
 */
export const postRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;

    const start = async (request: FastifyRequest<{ Params: { id: string }; Body: { post: z.infer<typeof newPostSchema> } }>, reply: FastifyReply) => {
      if (!findProduct(request.params.id)) return sendProblem(reply, problem(404, 'PRODUCT_NOT_FOUND', 'Product not found.'));
      const started = await startPost(deps, requesterOf(request), { productId: request.params.id, post: request.body.post });
      if (refused(reply, started, 'post')) return reply;
      return answerPost(deps, reply, started.postId, 201);
    };
    const startSchema = {
      tags: TAGS,
      summary: 'Start a post (pending) for the logged-in customer; urgency and campaign slug may come now or later',
      params,
      body: z.strictObject({ post: newPostSchema }),
      response: { 201: postView, ...problemResponses },
    };
    app.post('/v2/products/:id/posts', { onRequest: ownerAccess(deps), schema: startSchema }, start);
    app.post('/v1/products/:id/posts', { onRequest: ownerAccess(deps), schema: { ...startSchema, summary: `${startSchema.summary} (v1 path)` } }, start);

    // PATCH /v2/posts/{id}: the post's operations (./post-operations.ts).
    await app.register(postOperationRoutes(deps));

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
        const requester = requesterOf(request);
        const held = await findHeldPost(deps, requester.caller, request.params.id);
        if (!held) return sendProblem(reply, postNotFound());
        if (refused(reply, await resetPost(deps, requester, held.post_id))) return reply;
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
        const requester = requesterOf(request);
        const held = await findHeldPost(deps, requester.caller, request.params.id);
        const copied = held && (await copyPost(deps, requester, held.post_id));
        if (!copied) return sendProblem(reply, postNotFound());
        if (refused(reply, copied)) return reply;
        return answerPost(deps, reply, copied.postId, 201);
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
          return sendProblem(reply, domainProblem({ code: postErrors.invalid, message: 'The post has invalid fields.', errors: prefixed(errors, wrapper) }));
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
