import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expenseView, toExpenseView } from '../../contracts/post';
import type { PostState } from '../../domain/post/decider';
import { expenseSchema, fieldErrorsOf } from '../../domain/post/schemas';
import type { AppDependencies } from '../dependencies';
import { problemResponses } from '../problem';
import type { PostCommandBody } from '../../application/posts/run-post-command';
import { partRoutes } from './post-commands';
import { ownerAccess } from './posts';

// A post's expenses (spec 2 §7); see ./post-parts.ts.

const TAGS = ['posts'];
const id = z.object({ id: z.uuid() });
/** The expense is checked in the handler: its applicants sit beside it. */
const expenseBody = z.strictObject({
  applicants: z.unknown().describe("The applicants' uuids (at least one)"),
  expense: z.record(z.string(), z.unknown()).describe('The expense: expense_type decides its fields (docs/post-rules.md)'),
});

type Post = Exclude<PostState, { status: 'absent' }>['post'];
const expenseOf = (expenseId: string) => (post: Post) => {
  const expense = post.expenses.find((e) => e.expense_id === expenseId);
  return expense && toExpenseView(expense);
};

export const postExpenseRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const parts = partRoutes(deps);

    // ── Expenses ──────────────────────────────────────────────────────────────────────────────────────────────

    /** The expense with its applicants (beside it in the body, spec 2 §7), checked whole; null once the 422 is sent. */
    function parsedExpense(reply: FastifyReply, body: z.infer<typeof expenseBody>) {
      const parsed = expenseSchema.safeParse({ ...body.expense, applicants: body.applicants });
      if (parsed.success) return parsed.data;
      // Named under `expense` like the decider's refusals ('expense.applicants' too): one form shows them all.
      parts.invalid(reply, fieldErrorsOf(parsed, 'expense'));
      return null;
    }

    app.post(
      '/v2/home_loans/:id/expenses',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: 'Add an expense of one or more applicants',
          params: id,
          body: expenseBody,
          response: { 201: expenseView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await parts.postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const expense = parsedExpense(reply, request.body);
        if (!expense) return reply;
        const expenseId = deps.ids.uuid();
        const command: PostCommandBody = { type: 'AddExpense', data: { post_id: found.post_id, home_loan_id: request.params.id, expense_id: expenseId, expense } };
        return parts.save(request, reply, found.post_id, command, 'expense', expenseOf(expenseId), 201);
      },
    );

    app.patch(
      '/v2/expenses/:id',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: 'Replace an expense (its type decides its fields, so the whole expense is sent)',
          params: id,
          body: expenseBody,
          response: { 200: expenseView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await parts.postOf(request, reply, request.params.id, 'expense', 'Expense');
        if (!found) return reply;
        const expense = parsedExpense(reply, request.body);
        if (!expense) return reply;
        const command: PostCommandBody = { type: 'ChangeExpense', data: { post_id: found.post_id, expense_id: request.params.id, expense } };
        return parts.save(request, reply, found.post_id, command, 'expense', expenseOf(request.params.id));
      },
    );

    app.delete(
      '/v2/expenses/:id',
      {
        onRequest: ownerAccess(deps),
        schema: { tags: TAGS, summary: 'Remove an expense; 204 if already gone (spec 2 §7)', params: id, response: { 204: z.null(), ...problemResponses } },
      },
      async (request, reply) => {
        const found = await parts.postOf(request, reply, request.params.id, 'expense', 'Expense');
        if (!found) return reply;
        return parts.remove(request, reply, found.post_id, { type: 'RemoveExpense', data: { post_id: found.post_id, expense_id: request.params.id } });
      },
    );

  };
