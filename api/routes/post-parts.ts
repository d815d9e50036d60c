import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentYearAt, type PostState } from '../../domain/post/decider';
import {
  applicantChangesSchema,
  applicantSchema,
  expenseSchema,
  type FieldErrors,
  fieldErrorsOf,
  homeLoanChangesSchema,
  homeLoanDraftSchema,
  incomeChangesSchema,
  incomeSchema,
  preferencesChangesSchema,
  preferencesSchema,
} from '../../domain/post/schemas';
import {
  applicantView,
  expenseView,
  homeLoanPreferencesView,
  homeLoanView,
  incomeView,
  toApplicantView,
  toExpenseView,
  toHomeLoanView,
  toIncomeView,
  toPreferencesView,
} from '../../contracts/post';
import type { PostPartKind } from '../../projections/posts/posts';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { ownerAccess } from './posts';
import { type PostCommandBody, postCommands, postNotFound } from './post-commands';

// The parts of a post (spec 2 §7 "Post creation", spec 1 §7 "Delete applicant"): the primary home loan, its
// preferences, applicants, their incomes and the expenses. Only the post's owner calls them (anyone else: 404). A
// new part's id comes from the server and is in the answer. Deleting a part already gone answers 204 (spec 2 §7).

const TAGS = ['posts'];
const id = z.object({ id: z.uuid() });
const incomeParams = z.object({ id: z.uuid(), income_id: z.uuid() });
/** Applicants and expenses are checked in the handler (the ages need today's year; the expense's applicants sit beside it). */
const looseFields = z.record(z.string(), z.unknown());
const expenseBody = z.strictObject({
  applicants: z.unknown().describe("The applicants' uuids (at least one)"),
  expense: looseFields.describe('The expense: expense_type decides its fields (docs/post-rules.md)'),
});

type Post = Exclude<PostState, { status: 'absent' }>['post'];

export const postPartRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { ids, clock } = deps;
    const posts = postCommands(deps);
    const currentYear = () => currentYearAt(clock.now().toISOString());
    const invalid = (reply: FastifyReply, errors: FieldErrors) =>
      sendProblem(reply, problem(422, 'POST_INVALID', Object.values(errors)[0]?.[0] ?? 'The post has invalid fields.', errors));
    const partNotFound = (what: string) => problem(404, 'NOT_FOUND', `${what} not found.`);

    /** The owned post behind a part's path; answers 404 (and null) otherwise. */
    async function postOf(request: FastifyRequest, reply: FastifyReply, partId: string, kind: PostPartKind, what: string) {
      const found = await posts.postOfPart(request, partId, kind);
      if (!found) sendProblem(reply, partNotFound(what));
      return found;
    }

    /** Decides, then answers the part `view` picks from the new post (201 for a new part). */
    async function save<V>(request: FastifyRequest, reply: FastifyReply, postId: string, command: PostCommandBody, wrapper: string, view: (post: Post) => V | undefined, status = 200) {
      const state = await posts.decide(request, reply, postId, command, wrapper);
      if (!state) return reply;
      const answer = state.status === 'absent' ? undefined : view(state.post);
      return answer === undefined ? sendProblem(reply, postNotFound()) : reply.code(status).send(answer);
    }

    const homeLoanOf = (post: Post) => (post.home_loan ? toHomeLoanView(post.home_loan) : undefined);
    const preferencesOf = (post: Post) => (post.preferences ? toPreferencesView(post.preferences) : undefined);
    const applicantOf = (applicantId: string) => (post: Post) => {
      const applicant = post.applicants.find((a) => a.applicant_id === applicantId);
      return applicant && toApplicantView(applicant);
    };
    const incomeOf = (incomeId: string) => (post: Post) => {
      const income = post.incomes.find((i) => i.income_id === incomeId);
      return income && toIncomeView(income);
    };
    const expenseOf = (expenseId: string) => (post: Post) => {
      const expense = post.expenses.find((e) => e.expense_id === expenseId);
      return expense && toExpenseView(expense);
    };
    const deleted = async (request: FastifyRequest, reply: FastifyReply, postId: string, command: PostCommandBody) => {
      const state = await posts.decide(request, reply, postId, command);
      return state ? reply.code(204).send(null) : reply;
    };

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
        const held = await posts.heldPost(request, request.params.id);
        if (!held) return sendProblem(reply, postNotFound());
        const homeLoanId = ids.uuid();
        const command: PostCommandBody = { type: 'SetHomeLoan', data: { post_id: held.post_id, home_loan_id: homeLoanId, home_loan: request.body.home_loan } };
        return save(request, reply, held.post_id, command, 'home_loan', homeLoanOf, 201);
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
        const found = await postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const command: PostCommandBody = { type: 'ChangeHomeLoan', data: { post_id: found.post_id, home_loan_id: request.params.id, changes: request.body.home_loan } };
        return save(request, reply, found.post_id, command, 'home_loan', homeLoanOf);
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
        const found = await postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const command: PostCommandBody = {
          type: 'SetPreferences',
          data: { post_id: found.post_id, home_loan_id: request.params.id, preferences_id: ids.uuid(), preferences: request.body.home_loan_preferences },
        };
        return save(request, reply, found.post_id, command, 'home_loan_preferences', preferencesOf, 201);
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
        const found = await postOf(request, reply, request.params.id, 'preferences', 'Home loan preferences');
        if (!found) return reply;
        const command: PostCommandBody = { type: 'ChangePreferences', data: { post_id: found.post_id, preferences_id: request.params.id, changes: request.body.home_loan_preferences } };
        return save(request, reply, found.post_id, command, 'home_loan_preferences', preferencesOf);
      },
    );

    // ── Applicants ────────────────────────────────────────────────────────────────────────────────────────────

    app.post(
      '/v2/home_loans/:id/applicants',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: 'Add an applicant (at most 4); the answer carries its uuid and number',
          params: id,
          body: z.strictObject({ applicant: looseFields.describe('first_name, last_name, date_of_birth (a year), credit_history, rent_expenses_value, rent_expenses_period') }),
          response: { 201: applicantView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const parsed = applicantSchema(currentYear()).safeParse(request.body.applicant);
        if (!parsed.success) return invalid(reply, fieldErrorsOf(parsed, 'applicant'));
        const applicantId = ids.uuid();
        const command: PostCommandBody = { type: 'AddApplicant', data: { post_id: found.post_id, home_loan_id: request.params.id, applicant_id: applicantId, applicant: parsed.data } };
        return save(request, reply, found.post_id, command, 'applicant', applicantOf(applicantId), 201);
      },
    );

    app.patch(
      '/v2/applicants/:id',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "Change an applicant's fields (the merged applicant is checked)",
          params: id,
          body: z.strictObject({ applicant: looseFields }),
          response: { 200: applicantView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await postOf(request, reply, request.params.id, 'applicant', 'Applicant');
        if (!found) return reply;
        const parsed = applicantChangesSchema(currentYear()).safeParse(request.body.applicant);
        if (!parsed.success) return invalid(reply, fieldErrorsOf(parsed, 'applicant'));
        const command: PostCommandBody = { type: 'ChangeApplicant', data: { post_id: found.post_id, applicant_id: request.params.id, changes: parsed.data } };
        return save(request, reply, found.post_id, command, 'applicant', applicantOf(request.params.id));
      },
    );

    app.delete(
      '/v2/applicants/:id',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "Remove an applicant with their incomes, and take them off the expenses (an expense of theirs alone goes too); 204 if already gone",
          params: id,
          response: { 204: z.null(), ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await postOf(request, reply, request.params.id, 'applicant', 'Applicant');
        if (!found) return reply;
        return deleted(request, reply, found.post_id, { type: 'RemoveApplicant', data: { post_id: found.post_id, applicant_id: request.params.id } });
      },
    );

    // ── Incomes ───────────────────────────────────────────────────────────────────────────────────────────────

    app.post(
      '/v2/applicants/:id/incomes',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "Add an income of an applicant",
          params: id,
          body: z.strictObject({ income: incomeSchema }),
          response: { 201: incomeView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await postOf(request, reply, request.params.id, 'applicant', 'Applicant');
        if (!found) return reply;
        const incomeId = ids.uuid();
        const command: PostCommandBody = { type: 'AddIncome', data: { post_id: found.post_id, applicant_id: request.params.id, income_id: incomeId, income: request.body.income } };
        return save(request, reply, found.post_id, command, 'income', incomeOf(incomeId), 201);
      },
    );

    /** The income's post, when the income belongs to the applicant of the path. */
    async function postOfIncome(request: FastifyRequest, reply: FastifyReply, applicantId: string, incomeId: string) {
      const found = await posts.postOfPart(request, incomeId, 'income');
      if (!found || found.applicant_id !== applicantId) {
        sendProblem(reply, partNotFound('Income'));
        return null;
      }
      return found;
    }

    app.patch(
      '/v2/applicants/:id/incomes/:income_id',
      {
        onRequest: ownerAccess(deps),
        schema: {
          tags: TAGS,
          summary: "Change an income's fields (the merged income is checked)",
          params: incomeParams,
          body: z.strictObject({ income: incomeChangesSchema }),
          response: { 200: incomeView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const found = await postOfIncome(request, reply, request.params.id, request.params.income_id);
        if (!found) return reply;
        const command: PostCommandBody = { type: 'ChangeIncome', data: { post_id: found.post_id, income_id: request.params.income_id, changes: request.body.income } };
        return save(request, reply, found.post_id, command, 'income', incomeOf(request.params.income_id));
      },
    );

    app.delete(
      '/v2/applicants/:id/incomes/:income_id',
      {
        onRequest: ownerAccess(deps),
        schema: { tags: TAGS, summary: 'Remove an income; 204 if already gone (spec 2 §7)', params: incomeParams, response: { 204: z.null(), ...problemResponses } },
      },
      async (request, reply) => {
        const found = await postOfIncome(request, reply, request.params.id, request.params.income_id);
        if (!found) return reply;
        return deleted(request, reply, found.post_id, { type: 'RemoveIncome', data: { post_id: found.post_id, income_id: request.params.income_id } });
      },
    );

    // ── Expenses ──────────────────────────────────────────────────────────────────────────────────────────────

    /** The expense with its applicants (beside it in the body, spec 2 §7), checked whole; null once the 422 is sent. */
    function parsedExpense(reply: FastifyReply, body: z.infer<typeof expenseBody>) {
      const parsed = expenseSchema.safeParse({ ...body.expense, applicants: body.applicants });
      if (parsed.success) return parsed.data;
      // Named under `expense` like the decider's refusals ('expense.applicants' too): one form shows them all.
      invalid(reply, fieldErrorsOf(parsed, 'expense'));
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
        const found = await postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const expense = parsedExpense(reply, request.body);
        if (!expense) return reply;
        const expenseId = ids.uuid();
        const command: PostCommandBody = { type: 'AddExpense', data: { post_id: found.post_id, home_loan_id: request.params.id, expense_id: expenseId, expense } };
        return save(request, reply, found.post_id, command, 'expense', expenseOf(expenseId), 201);
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
        const found = await postOf(request, reply, request.params.id, 'expense', 'Expense');
        if (!found) return reply;
        const expense = parsedExpense(reply, request.body);
        if (!expense) return reply;
        const command: PostCommandBody = { type: 'ChangeExpense', data: { post_id: found.post_id, expense_id: request.params.id, expense } };
        return save(request, reply, found.post_id, command, 'expense', expenseOf(request.params.id));
      },
    );

    app.delete(
      '/v2/expenses/:id',
      {
        onRequest: ownerAccess(deps),
        schema: { tags: TAGS, summary: 'Remove an expense; 204 if already gone (spec 2 §7)', params: id, response: { 204: z.null(), ...problemResponses } },
      },
      async (request, reply) => {
        const found = await postOf(request, reply, request.params.id, 'expense', 'Expense');
        if (!found) return reply;
        return deleted(request, reply, found.post_id, { type: 'RemoveExpense', data: { post_id: found.post_id, expense_id: request.params.id } });
      },
    );
  };
