import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findHeldPost } from '../../application/posts/post-access';
import { homeLoanPreferencesView, homeLoanView, toHomeLoanView, toPreferencesView } from '../../contracts/post';
import type { PostState } from '../../domain/post/decider';
import { homeLoanChangesSchema, homeLoanDraftSchema, preferencesChangesSchema, preferencesSchema } from '../../domain/post/schemas';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problemResponses, sendProblem } from '../problem';
import { postExpenseRoutes } from './post-expense-parts';
import { postPeopleRoutes } from './post-people-parts';
import type { PostCommandBody } from '../../application/posts/run-post-command';
import { partRoutes, postNotFound } from './post-commands';
import { ownerAccess } from './posts';

// The parts of a post (spec 2 §7 "Post creation", spec 1 §7 "Delete applicant"): the primary home loan and its
// preferences here, applicants and their incomes in ./post-people-parts.ts, the expenses in ./post-expense-parts.ts.
// Only the post's owner calls them (anyone else: 404). A new part's id comes from the server and is in the answer.
// Deleting a part already gone answers 204 (spec 2 §7). A wizard step saves all of its parts at once with
// PATCH /v2/posts/{id} `operation: edit` instead (./post-operations.ts), which answers the whole post.

const TAGS = ['posts'];
const id = z.object({ id: z.uuid() });

type Post = Exclude<PostState, { status: 'absent' }>['post'];
const homeLoanOf = (post: Post) => (post.home_loan ? toHomeLoanView(post.home_loan) : undefined);
const preferencesOf = (post: Post) => (post.preferences ? toPreferencesView(post.preferences) : undefined);

export const postPartRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const parts = partRoutes(deps);

    // ── Primary home loan ─────────────────────────────────────────────────────────────────────────────────────

    app.post(
      '/v2/posts/:id/home_loans',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "Set the post's primary home loan (a draft while pending: only the fields given are checked)",
          params: id,
          body: z.strictObject({ home_loan: homeLoanDraftSchema }),
          response: { 201: homeLoanView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const held = await findHeldPost(deps, callerOf(request), request.params.id);
        if (!held) return sendProblem(reply, postNotFound());
        const homeLoanId = deps.ids.uuid();
        const command: PostCommandBody = { type: 'SetHomeLoan', data: { post_id: held.post_id, home_loan_id: homeLoanId, home_loan: request.body.home_loan } };
        return parts.save(request, reply, held.post_id, command, 'home_loan', homeLoanOf, 201);
      },
    );

    app.patch(
      '/v2/home_loans/:id',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: 'Change fields of the primary home loan (null clears one while pending; an open post stays complete)',
          params: id,
          body: z.strictObject({ home_loan: homeLoanChangesSchema }),
          response: { 200: homeLoanView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await parts.postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const command: PostCommandBody = { type: 'ChangeHomeLoan', data: { post_id: found.post_id, home_loan_id: request.params.id, changes: request.body.home_loan } };
        return parts.save(request, reply, found.post_id, command, 'home_loan', homeLoanOf);
      },
    );

    app.post(
      '/v2/home_loans/:id/home_loan_preferences',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "Set the home loan's preferences (the wizard posts the defaults of spec 2 §3 first)",
          params: id,
          body: z.strictObject({ home_loan_preferences: preferencesSchema }),
          response: { 201: homeLoanPreferencesView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await parts.postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const command: PostCommandBody = {
          type: 'SetPreferences',
          data: { post_id: found.post_id, home_loan_id: request.params.id, preferences_id: deps.ids.uuid(), preferences: request.body.home_loan_preferences },
        };
        return parts.save(request, reply, found.post_id, command, 'home_loan_preferences', preferencesOf, 201);
      },
    );

    app.patch(
      '/v2/home_loan_preferences/:id',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: 'Change home loan preferences (the merged preferences are checked, conflicts included)',
          params: id,
          body: z.strictObject({ home_loan_preferences: preferencesChangesSchema }),
          response: { 200: homeLoanPreferencesView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await parts.postOf(request, reply, request.params.id, 'preferences', 'Home loan preferences');
        if (!found) return reply;
        const command: PostCommandBody = { type: 'ChangePreferences', data: { post_id: found.post_id, preferences_id: request.params.id, changes: request.body.home_loan_preferences } };
        return parts.save(request, reply, found.post_id, command, 'home_loan_preferences', preferencesOf);
      },
    );

    await app.register(postPeopleRoutes(deps));
    await app.register(postExpenseRoutes(deps));
  };
