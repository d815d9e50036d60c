import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notANumber, required } from '../../domain/shared/messages';
import { addDealActivity, type DealChangeResult, deleteDealActivity, editDealActivity } from '../../application/deals/deal-activities';
import { dealViewOf } from '../../application/deals/read-deals';
import type { Refusal } from '../../application/refusals';
import { dealView } from '../../contracts/deal';
import { addableActivityTypes } from '../../domain/deal/schemas';
import { callerOf } from '../access';
import type { Caller } from '../authentication';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';
import { accessWithView } from './view-access';

// Deal activities (spec 1 §4 "Deal activities", §5; spec 3 §7): the deal's provider or an admin adds, edits and
// deletes them (application/deals/deal-activities.ts); each answers the deal page as it is after. docs/deals.md.

const TAGS = ['deals'];
const idParams = z.object({ id: z.uuid() });

const nullableNumber = z.number({ error: notANumber }).nullable().optional();
const nullableText = z.string({ error: 'Should be a text' }).nullable().optional();

/**
 * spec 3 §7 "Add an activity: post loan uuid, deal uuid, operation, bid, details". `details` and `description` are
 * the same text; `post` and `bid`, when sent, must be the deal's. The values are checked by the deal's decider.
 */
const activityBody = z.strictObject({
  operation: z.enum(addableActivityTypes, { error: `Should be one of ${addableActivityTypes.join(', ')}` }),
  amount: nullableNumber,
  details: nullableText,
  description: nullableText,
  activity_date: z.string({ error: required }),
  settled_lender: nullableText,
  reason: nullableText,
  post: z.uuid().optional(),
  bid: z.uuid().optional(),
});

/** Editing an activity (spec 1 §5): any of its values, never its type. */
const activityChangesBody = z.strictObject({
  amount: nullableNumber,
  details: nullableText,
  description: nullableText,
  activity_date: z.string().optional(),
  settled_lender: nullableText,
  reason: nullableText,
});

/** Only the fields sent, with `details` read as `description`. */
function changesOf(body: z.infer<typeof activityChangesBody>): Record<string, unknown> {
  const { details, ...rest } = body;
  const changes: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (details !== undefined && rest.description === undefined) changes.description = details;
  return changes;
}

/** Field names as the body spells them: the activity's type is its `operation`. */
function activityProblem(error: Refusal) {
  const errors = error.errors && Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field === 'activity_type' ? 'operation' : field, messages]));
  return domainProblem({ ...error, errors });
}

export const dealActivityRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const providersAndAdmins = accessWithView(deps, ['fsp', 'admin']);

    /** The deal page after the change, or the refusal. */
    async function answer(reply: FastifyReply, caller: Caller, result: DealChangeResult, status: 200 | 201) {
      if (!result.ok) return sendProblem(reply, activityProblem(result.error));
      answerPosition(reply, result.position);
      return reply.code(status).send(await dealViewOf(deps, caller, result.deal));
    }

    app.post(
      '/v1/deals/:id/activities',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: 'Add an activity (contact, note, application, closed_won, closed_lost with a reason, on_hold): the deal moves, the bid and the post follow',
          params: idParams,
          body: activityBody,
          response: { 201: dealView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { operation, details, description, post, bid, ...values } = request.body;
        const activity = { ...values, activity_type: operation, description: description ?? details ?? null };
        const result = await addDealActivity(deps, { actor: caller, correlationId: request.id, dealId: request.params.id, activity, post, bid });
        return answer(reply, caller, result, 201);
      },
    );

    app.patch(
      '/v1/home_loan_bid_activities/:id',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: 'Edit an activity: amount (up to 5,000,000), note (required on a note, under 1000 characters), date (not before 2017-01-01), settled lender, reason',
          params: idParams,
          body: activityChangesBody,
          response: { 200: dealView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const result = await editDealActivity(deps, { actor: caller, correlationId: request.id, activityId: request.params.id, changes: changesOf(request.body) });
        return answer(reply, caller, result, 200);
      },
    );

    app.delete(
      '/v1/home_loan_bid_activities/:id',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: 'Delete an activity: a note, or the latest step of an open deal (which steps back)',
          params: idParams,
          response: { 200: dealView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const result = await deleteDealActivity(deps, { actor: caller, correlationId: request.id, activityId: request.params.id });
        return answer(reply, caller, result, 200);
      },
    );
  };
