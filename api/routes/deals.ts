import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidDecider } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import type { DealCommand } from '../../domain/deal/commands';
import { dealDecider } from '../../domain/deal/decider';
import { type DealOpened, dealStream } from '../../domain/deal/events';
import { activityLabel } from '../../domain/deal/figures';
import { addableActivityTypes, dealActivityTypes, dealMessages } from '../../domain/deal/schemas';
import { allowedActivityTypes, dealStages, positionOf } from '../../domain/deal/stages';
import { biddingLimitsView, dealHistoryView, type DealPostSummary, type DealView, dealSummaryView, dealView } from '../../contracts/deal';
import { listResultSchema, sortingSchema } from '../../domain/shared/list-query';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import { comparePositions, type RecordedEvent } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import type { DealRow } from '../../projections/deals/deals';
import { biddingLimitState, customerNamesOf, dealActivities, type DealScope, findActivity, findDeal, listDeals, postSummariesOf } from '../../projections/deals/queries';
import { findOrganisation } from '../../projections/organisations/queries';
import { findUser } from '../../projections/users/queries';
import { adminOnly, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { dealAccess, dealProblem, mayReadDeal, maySeeCustomer } from './deal-access';

// Deals (spec 1 §2 "Deals", §4 "Deal activities", §5; spec 3 §3, §4, §5, §7): the board, the deal page, its
// activities, the auditors' replay and the providers' bidding limits. docs/deals.md.

const TAGS = ['deals'];
const WAIT_MS = 5000;
const idParams = z.object({ id: z.uuid() });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, dealMessages.invalidDate);
const stageList = z
  .string()
  .transform((text) => text.split(',').map((s) => s.trim()))
  .pipe(z.array(z.enum(dealStages, { error: `Should be one of ${dealStages.join(', ')}` })).min(1));

export const dealSortable = ['updated_at', 'opened_at', 'value', 'last_activity_date'] as const;

/** spec 1 §7 "Deals": status, activity_type, activity_date_ini / _end (YYYY-MM-DD), fsp_uuid and org_uuid (admins). */
const dealsQuery = z
  .strictObject({
    page: z.coerce.number().int().min(1, 'page starts at 1').max(100_000).default(1),
    count: z.coerce.number().int().min(1).max(100, 'count is at most 100').default(25),
    sorting: sortingSchema(dealSortable),
    /** One stage or several, comma separated (the board asks per column; the lost view asks closed_lost). */
    status: stageList.optional(),
    activity_type: z.enum(dealActivityTypes, { error: `Should be one of ${dealActivityTypes.join(', ')}` }).optional(),
    activity_date_ini: day.optional(),
    activity_date_end: day.optional(),
    fsp_uuid: z.uuid().optional(),
    org_uuid: z.uuid().optional(),
  })
  .refine((q) => !q.activity_date_ini || !q.activity_date_end || q.activity_date_ini <= q.activity_date_end, {
    path: ['activity_date_end'],
    message: 'The end date cannot be before the start date',
  });

const nullableNumber = z.number({ error: 'Should be a number' }).nullable().optional();
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
  activity_date: z.string({ error: 'This field is required' }),
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

const dealNotFound = () => problem(404, 'DEAL_NOT_FOUND', 'Deal not found.');
const activityNotFound = () => problem(404, 'DEAL_ACTIVITY_NOT_FOUND', 'Activity not found.');
const iso = (date: Date) => date.toISOString();

/** What a card shows beyond the deal's own row (postSummariesOf, customerNamesOf). */
type DealExtras = { post: DealPostSummary | null; customer_name: string | null };

const summaryOf = (deal: DealRow, extras: DealExtras) => ({
  uuid: deal.uuid,
  bid_id: deal.bid_id,
  post_id: deal.post_id,
  stage: deal.stage,
  external: deal.external,
  loan_amount: deal.loan_amount,
  value: deal.value,
  value_label: deal.value_label,
  provider_id: deal.provider_id,
  organisation_id: deal.organisation_id,
  opened_at: iso(deal.opened_at),
  updated_at: iso(deal.updated_at),
  last_activity_date: deal.last_activity_date,
  not_proceeding_reason: deal.not_proceeding_reason,
  ...extras,
});

/** Who writes on a deal: its provider or an admin (the decider checks it again). */
const mayWrite = (caller: Caller, deal: DealRow) => caller.userType === 'admin' || caller.userId === deal.provider_id;

export const dealRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, ids, clock } = deps;
    // Customers never reach the deal screens (spec 1 §2: they are sent to the dashboard).
    const providersAndAdmins = dealAccess(deps, ['fsp', 'admin']);

    /** The deal when the caller may read it; anyone else gets the same 404 as for a deal that does not exist. */
    async function readableDeal(request: FastifyRequest, dealId: string): Promise<DealRow | null> {
      const deal = await findDeal(db, dealId);
      return deal && mayReadDeal(callerOf(request), deal) ? deal : null;
    }

    async function viewOf(caller: Caller, deal: DealRow): Promise<DealView> {
      const [activities, bid, provider, organisation, customer] = await Promise.all([
        dealActivities(db, deal.uuid),
        loadState(store, bidStream(deal.bid_id), bidDecider),
        findUser(db, deal.provider_id),
        findOrganisation(db, deal.organisation_id),
        maySeeCustomer(caller, deal) ? findUser(db, deal.customer_id) : Promise.resolve(undefined),
      ]);
      const post = (await postSummariesOf(db, [deal.post_id])).get(deal.post_id) ?? null;
      const customerName = customer ? [customer.first_name, customer.last_name].filter(Boolean).join(' ') : null;
      const position = positionOf(activities);
      return {
        ...summaryOf(deal, { post, customer_name: customerName }),
        activities: activities.map((a) => ({
          uuid: a.activity_id,
          activity_type: a.activity_type,
          label: activityLabel(a.activity_type),
          amount: a.amount,
          description: a.description,
          activity_date: a.activity_date,
          settled_lender: a.settled_lender,
          reason: a.reason,
          created_by: a.created_by,
          created_at: iso(a.created_at),
        })),
        allowed_activity_types: mayWrite(caller, deal) ? allowedActivityTypes(position) : [],
        contact_preference: { uuid: deal.uuid, ...deal.contact_preference },
        // A deal's bid is never deleted (domain/bid/decider.ts deletableStatuses).
        bid: bid.state.status === 'absent' || bid.state.status === 'deleted' ? null : { uuid: bid.state.bid.bid_id, status: bid.state.status, home_loan_bid: bid.state.bid.form },
        provider: {
          uuid: deal.provider_id,
          first_name: provider?.first_name ?? null,
          last_name: provider?.last_name ?? null,
          email: provider?.email ?? null,
          organisation: { uuid: deal.organisation_id, name: organisation?.name ?? null },
        },
        customer: customer
          ? {
              uuid: customer.uuid,
              first_name: customer.first_name,
              last_name: customer.last_name,
              email: customer.email,
              country_code: customer.country_code,
              mobile_number: customer.mobile_number,
            }
          : null,
      };
    }

    /** The bid's updates once it became the deal's bid (after `BidAccepted`): "Update bid" on the deal page. */
    async function bidUpdatesOf(dealEvents: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
      const opened = dealEvents.find((event): event is RecordedEvent<'DealOpened', DealOpened['data']> => event.type === 'DealOpened');
      if (!opened) return [];
      // An external deal's bid has no stream: nothing is read.
      const bidEvents = await store.readStream(bidStream(opened.data.bid_id));
      const accepted = bidEvents.findIndex((event) => event.type === 'BidAccepted');
      return accepted < 0 ? [] : bidEvents.slice(accepted + 1).filter((event) => event.type === 'BidEdited');
    }

    /** Runs a deal command as the caller; answers the deal after it once the read model and the reactor have it. */
    async function decide(request: FastifyRequest, reply: FastifyReply, deal: DealRow, body: Omit<DealCommand, 'metadata'>, status = 200) {
      const caller = callerOf(request);
      const now = clock.now();
      // The body is one of the commands; only the metadata is added, so the union's member stays the same.
      const command = { ...body, metadata: { actor: { user_id: caller.userId, admin: caller.userType === 'admin' }, now: now.toISOString() } } as DealCommand;
      const result = await handleCommand({
        store,
        ids,
        streamId: dealStream(deal.uuid),
        decider: dealDecider,
        command,
        context: { userId: caller.userId, correlationId: request.id, causationId: null, now },
      });
      if (!result.ok) return sendProblem(reply, dealProblem(result.error));
      // The bid and the post follow the deal through the reactor: the answer waits for both (bounded).
      if (result.position) await waitForProjections(db, ['deals', 'deal-opener'], result.position, { timeoutMs: WAIT_MS });
      answerPosition(reply, result.position);
      const after = await findDeal(db, deal.uuid);
      if (!after) return sendProblem(reply, dealNotFound());
      return reply.code(status).send(await viewOf(caller, after));
    }

    app.get(
      '/v1/deals',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: "The deals board (fsp: own deals, or the organisation's with view_all_within_organisation; admin: all, by provider or organisation)",
          querystring: dealsQuery,
          response: { 200: listResultSchema(dealSummaryView), ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const query = request.query;
        // spec 1 §6: only admins filter by provider or organisation; naming one is refused rather than ignored.
        if (caller.userType !== 'admin' && (query.fsp_uuid || query.org_uuid)) return sendProblem(reply, forbidden());
        let scope: DealScope = { kind: 'all' };
        if (caller.userType === 'fsp') {
          scope =
            caller.permissions.view_all_within_organisation && caller.organisationUuid
              ? { kind: 'organisation', organisationId: caller.organisationUuid }
              : { kind: 'provider', providerId: caller.userId };
        }
        await waitForRequestedPosition(db, request, ['deals']);
        const sortField = dealSortable.find((field) => query.sorting?.[field]) ?? 'updated_at';
        const { total_records, rows } = await listDeals(db, {
          scope,
          stages: query.status ?? null,
          activityType: query.activity_type ?? null,
          activityDateFrom: query.activity_date_ini ?? null,
          activityDateTo: query.activity_date_end ?? null,
          providerId: query.fsp_uuid ?? null,
          organisationId: query.org_uuid ?? null,
          page: query.page,
          count: query.count,
          sortField,
          sortDirection: query.sorting?.[sortField] ?? 'desc',
        });
        // One query each for the page's posts and the customers' names the caller may see.
        const shown = rows.filter((deal) => maySeeCustomer(caller, deal));
        const [posts, names] = await Promise.all([postSummariesOf(db, rows.map((deal) => deal.post_id)), customerNamesOf(db, shown.map((deal) => deal.customer_id))]);
        const extrasOf = (deal: DealRow): DealExtras => ({ post: posts.get(deal.post_id) ?? null, customer_name: maySeeCustomer(caller, deal) ? (names.get(deal.customer_id) ?? null) : null });
        return reply.send({ total_records, result: rows.map((deal) => summaryOf(deal, extrasOf(deal))) });
      },
    );

    app.get(
      '/v1/deals/:id',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: "A deal: activities, bid detail, contact preference, provider detail; the customer's details for its provider and admins",
          params: idParams,
          response: { 200: dealView, ...problemResponses },
        },
      },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, ['deals']);
        const deal = await readableDeal(request, request.params.id);
        if (!deal) return sendProblem(reply, dealNotFound());
        return reply.send(await viewOf(callerOf(request), deal));
      },
    );

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
        const deal = await readableDeal(request, request.params.id);
        if (!deal) return sendProblem(reply, dealNotFound());
        const { operation, details, description, post, bid, ...values } = request.body;
        const mismatch: Record<string, string[]> = {};
        if (post && post !== deal.post_id) mismatch.post = ['This is not the post of this deal'];
        if (bid && bid !== deal.bid_id) mismatch.bid = ['This is not the bid of this deal'];
        if (Object.keys(mismatch).length > 0) return sendProblem(reply, problem(422, 'VALIDATION_FAILED', 'The request has invalid fields.', mismatch));
        const activity = { ...values, activity_type: operation, description: description ?? details ?? null };
        return decide(request, reply, deal, { type: 'AddActivity', data: { deal_id: deal.uuid, activity_id: ids.uuid(), activity } }, 201);
      },
    );

    /** The deal holding an activity, when the caller may read it. */
    async function dealOfActivity(request: FastifyRequest, activityId: string): Promise<DealRow | null> {
      const activity = await findActivity(db, activityId);
      if (!activity || activity.deleted) return null;
      return readableDeal(request, activity.deal_id);
    }

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
        const deal = await dealOfActivity(request, request.params.id);
        if (!deal) return sendProblem(reply, activityNotFound());
        return decide(request, reply, deal, { type: 'EditActivity', data: { deal_id: deal.uuid, activity_id: request.params.id, changes: changesOf(request.body) } });
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
        const deal = await dealOfActivity(request, request.params.id);
        if (!deal) return sendProblem(reply, activityNotFound());
        return decide(request, reply, deal, { type: 'DeleteActivity', data: { deal_id: deal.uuid, activity_id: request.params.id } });
      },
    );

    app.get(
      '/v1/deals/:id/history',
      {
        onRequest: adminOnly(deps),
        schema: {
          tags: TAGS,
          summary: "Auditors' replay: every event of the deal's stream, and the bid's updates (BidEdited) once it became the deal's, in order, with who and when",
          params: idParams,
          response: { 200: dealHistoryView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const streamId = dealStream(request.params.id);
        const recorded = await store.readStream(streamId);
        if (recorded.length === 0) return sendProblem(reply, dealNotFound());
        const merged = [...recorded, ...(await bidUpdatesOf(recorded))].sort((a, b) => comparePositions(a.position, b.position));
        return reply.send({
          deal_id: request.params.id,
          events: merged.map((event) => ({
            stream: event.streamId === streamId ? ('deal' as const) : ('bid' as const),
            revision: event.revision,
            type: event.type,
            // Deal events are objects (domain/deal/events.ts).
            data: event.data as Record<string, unknown>,
            user_id: event.metadata.user_id,
            occurred_at: event.metadata.occurred_at,
            correlation_id: event.metadata.correlation_id,
            causation_id: event.metadata.causation_id,
            erased_fields: event.erasedFields ?? [],
          })),
        });
      },
    );

    app.get(
      '/v1/fsps/:id/bidding_limits',
      {
        onRequest: providersAndAdmins,
        schema: {
          tags: TAGS,
          summary: "A provider's bidding limits: accepted and contacted deals now against its limits (warning at 80%, maxed at 100%)",
          params: idParams,
          response: { 200: biddingLimitsView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const providerId = request.params.id;
        const provider = await findUser(db, providerId);
        if (!provider || provider.user_type !== 'fsp') return sendProblem(reply, problem(404, 'PROVIDER_NOT_FOUND', 'Provider not found.'));
        // The provider itself, the managers of its organisation, admins.
        const manager = caller.permissions.manage_permissions_for_fsps_within_org && caller.organisationUuid !== null && caller.organisationUuid === provider.organisation_uuid;
        const allowed = caller.userType === 'admin' || caller.userId === providerId || manager;
        if (!allowed) return sendProblem(reply, forbidden());
        await waitForRequestedPosition(db, request, ['deals', 'users']);
        return reply.send({ provider_id: providerId, ...(await biddingLimitState(db, providerId)) });
      },
    );
  };
