import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dealNotFound, readableDeal } from '../../application/deals/deal-access';
import { dealHistory } from '../../application/deals/deal-history';
import { dealBoard, dealViewOf } from '../../application/deals/read-deals';
import { providerNotFound } from '../../application/refusals';
import { biddingLimitsView, dealHistoryView, dealSummaryView, dealView } from '../../contracts/deal';
import { dealActivityTypes, dealMessages } from '../../domain/deal/schemas';
import { dealStages } from '../../domain/deal/stages';
import { listResultSchema, pageFields, sortingSchema } from '../../domain/shared/list-query';
import { biddingLimitState } from '../../projections/deals/queries';
import { findUser } from '../../projections/users/queries';
import { adminOnly, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { waitForRequestedPosition } from '../read-your-writes';
import { accessWithView } from './view-access';

// Deals (spec 1 §2 "Deals", §5; spec 3 §3, §4, §5): the board, the deal page, the auditors' replay and the
// providers' bidding limits; the activities are in deal-activities.ts. docs/deals.md.

const TAGS = ['deals'];
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
    ...pageFields(),
    sorting: sortingSchema(dealSortable),
    /** One stage or several, comma separated (the board asks per column; the lost view asks closed_lost). */
    status: stageList.optional(),
    activity_type: z.enum(dealActivityTypes, { error: `Should be one of ${dealActivityTypes.join(', ')}` }).optional(),
    activity_date_ini: day.optional(),
    activity_date_end: day.optional(),
    fsp_uuid: z.uuid().optional(),
    org_uuid: z.uuid().optional(),
    /** `auction`: the won posts (the Opportunities screen); `external`: the deals an admin recorded. */
    origin: z.enum(['auction', 'external'], { error: 'Should be one of auction, external' }).optional(),
  })
  .refine((q) => !q.activity_date_ini || !q.activity_date_end || q.activity_date_ini <= q.activity_date_end, {
    path: ['activity_date_end'],
    message: 'The end date cannot be before the start date',
  });

export const dealRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store } = deps;
    // Customers never reach the deal screens (spec 1 §2: they are sent to the dashboard).
    const providersAndAdmins = accessWithView(deps, ['fsp', 'admin']);

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
        await waitForRequestedPosition(db, request, ['deals']);
        const sortField = dealSortable.find((field) => query.sorting?.[field]) ?? 'updated_at';
        const board = await dealBoard(db, caller, {
          stages: query.status ?? null,
          activityType: query.activity_type ?? null,
          activityDateFrom: query.activity_date_ini ?? null,
          activityDateTo: query.activity_date_end ?? null,
          providerId: query.fsp_uuid ?? null,
          organisationId: query.org_uuid ?? null,
          external: query.origin === undefined ? null : query.origin === 'external',
          page: query.page,
          count: query.count,
          sortField,
          sortDirection: query.sorting?.[sortField] ?? 'desc',
        });
        return reply.send(board);
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
        const caller = callerOf(request);
        // Anyone who may not read the deal gets the same 404 as for a deal that does not exist.
        const deal = await readableDeal(db, caller, request.params.id);
        if (!deal) return sendProblem(reply, domainProblem(dealNotFound));
        return reply.send(await dealViewOf(deps, caller, deal));
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
        const history = await dealHistory(store, request.params.id);
        if (!history) return sendProblem(reply, domainProblem(dealNotFound));
        return reply.send(history);
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
        if (!provider || provider.user_type !== 'fsp') return sendProblem(reply, domainProblem(providerNotFound));
        // The provider itself, the managers of its organisation, admins.
        const manager = caller.permissions.manage_permissions_for_fsps_within_org && caller.organisationUuid !== null && caller.organisationUuid === provider.organisation_uuid;
        const allowed = caller.userType === 'admin' || caller.userId === providerId || manager;
        if (!allowed) return sendProblem(reply, forbidden());
        await waitForRequestedPosition(db, request, ['deals', 'users']);
        return reply.send({ provider_id: providerId, ...(await biddingLimitState(db, providerId)) });
      },
    );
  };
