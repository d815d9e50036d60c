import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findOwnedPostOfPart } from '../../application/posts/post-access';
import { applicantView, incomeView, toApplicantView, toIncomeView } from '../../contracts/post';
import type { PostState } from '../../domain/post/decider';
import { applicantChangesSchema, applicantSchema, fieldErrorsOf, incomeChangesSchema, incomeSchema } from '../../domain/post/schemas';
import { callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problemResponses, sendProblem } from '../problem';
import type { PostCommandBody } from '../../application/posts/run-post-command';
import { partRoutes } from './post-commands';
import { ownerAccess } from './posts';

// A post's applicants and their incomes (spec 2 §7, spec 1 §7 "Delete applicant"); see ./post-parts.ts.

const TAGS = ['posts'];
const id = z.object({ id: z.uuid() });
const incomeParams = z.object({ id: z.uuid(), income_id: z.uuid() });
/** Applicants are checked in the handler (the ages need today's year). */
const looseFields = z.record(z.string(), z.unknown());

type Post = Exclude<PostState, { status: 'absent' }>['post'];
const applicantOf = (applicantId: string) => (post: Post) => {
  const applicant = post.applicants.find((a) => a.applicant_id === applicantId);
  return applicant && toApplicantView(applicant);
};
const incomeOf = (incomeId: string) => (post: Post) => {
  const income = post.incomes.find((i) => i.income_id === incomeId);
  return income && toIncomeView(income);
};

export const postPeopleRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const parts = partRoutes(deps);

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
        const found = await parts.postOf(request, reply, request.params.id, 'home_loan', 'Home loan');
        if (!found) return reply;
        const parsed = applicantSchema(parts.currentYear()).safeParse(request.body.applicant);
        if (!parsed.success) return parts.invalid(reply, fieldErrorsOf(parsed, 'applicant'));
        const applicantId = deps.ids.uuid();
        const command: PostCommandBody = { type: 'AddApplicant', data: { post_id: found.post_id, home_loan_id: request.params.id, applicant_id: applicantId, applicant: parsed.data } };
        return parts.save(request, reply, found.post_id, command, 'applicant', applicantOf(applicantId), 201);
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
        const found = await parts.postOf(request, reply, request.params.id, 'applicant', 'Applicant');
        if (!found) return reply;
        const parsed = applicantChangesSchema(parts.currentYear()).safeParse(request.body.applicant);
        if (!parsed.success) return parts.invalid(reply, fieldErrorsOf(parsed, 'applicant'));
        const command: PostCommandBody = { type: 'ChangeApplicant', data: { post_id: found.post_id, applicant_id: request.params.id, changes: parsed.data } };
        return parts.save(request, reply, found.post_id, command, 'applicant', applicantOf(request.params.id));
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
        const found = await parts.postOf(request, reply, request.params.id, 'applicant', 'Applicant');
        if (!found) return reply;
        return parts.remove(request, reply, found.post_id, { type: 'RemoveApplicant', data: { post_id: found.post_id, applicant_id: request.params.id } });
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
        const found = await parts.postOf(request, reply, request.params.id, 'applicant', 'Applicant');
        if (!found) return reply;
        const incomeId = deps.ids.uuid();
        const command: PostCommandBody = { type: 'AddIncome', data: { post_id: found.post_id, applicant_id: request.params.id, income_id: incomeId, income: request.body.income } };
        return parts.save(request, reply, found.post_id, command, 'income', incomeOf(incomeId), 201);
      },
    );

    /** The income's post, when the income belongs to the applicant of the path. */
    async function postOfIncome(request: FastifyRequest, reply: FastifyReply, applicantId: string, incomeId: string) {
      const found = await findOwnedPostOfPart(deps, callerOf(request), incomeId, 'income');
      if (!found || found.applicant_id !== applicantId) {
        sendProblem(reply, parts.partNotFound('Income'));
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
        return parts.save(request, reply, found.post_id, command, 'income', incomeOf(request.params.income_id));
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
        return parts.remove(request, reply, found.post_id, { type: 'RemoveIncome', data: { post_id: found.post_id, income_id: request.params.income_id } });
      },
    );
  };
