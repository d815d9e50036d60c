import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeAutoBidding } from '../../application/bid-templates/change-auto-bidding';
import { setInteractiveMatching } from '../../application/bid-templates/set-interactive-matching';
import { changeBidTemplate } from '../../application/bid-templates/change-bid-template';
import { createBidTemplate } from '../../application/bid-templates/create-bid-template';
import { templateActorOf } from '../../application/bid-templates/template-request';
import { autoBiddingBody, interactiveMatchBody, bidTemplateList, bidTemplateListQuery, bidTemplateView, changeBidTemplateBody, createBidTemplateBody } from '../../contracts/bid-template';
import { maySeeTemplate, seesOrganisationTemplates, type TemplateViewer } from '../../domain/bid-template/access';
import type { BidTemplateDetailsInput } from '../../domain/bid-template/schemas';
import { findBidTemplate, listBidTemplates, type TemplateScope } from '../../projections/bid-templates/queries';
import { waitForProjections } from '../../projections/projection-status';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';
import { answerPosition, waitForRequestedPosition } from '../read-your-writes';
import { answerChange, answerTemplate, params, providerOrAdmin, READ_MODELS, TAGS, templateNotFound, templateProblem, templateRequestOf, templateResponses, toTemplateViews } from './bid-template-replies';
import { bidTemplateDocumentRoutes } from './bid-template-documents';
import { bidTemplateImprovementRoutes } from './bid-template-improvement';
import { bidTemplateOperationRoutes } from './bid-template-operations';
import { autoBiddingSimulationRoutes } from './auto-bidding-simulations';
import { bidTemplateRuleRoutes } from './bid-template-rules';

// spec 3 §7 "Bid templates" (docs/bid-templates.md): the list, one template, creating, cloning, changing and deleting.
// The workflows are in application/bid-templates/; the rules' routes in bid-template-rules.ts, the template's
// operations (`PATCH /v1/home_loan_bid_templates/{id}`) in bid-template-operations.ts.

/** spec 3 §6: admins see every template; a provider its organisation's (with the permission) or its own. */
const scopeOf = (viewer: TemplateViewer): TemplateScope =>
  viewer.user_type === 'admin'
    ? { kind: 'all' }
    : seesOrganisationTemplates(viewer) && viewer.organisation_uuid
      ? { kind: 'organisation', organisationUuid: viewer.organisation_uuid }
      : { kind: 'owner', ownerId: viewer.user_id };

const DETAILS = 'home_loan_bid_template';

export const bidTemplateRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    const viewerOf = (request: Parameters<typeof templateRequestOf>[0]) => templateActorOf(templateRequestOf(request));

    app.get(
      '/v4/home_loan_bid_templates',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: 'The bid templates the caller may see, newest first, 25 a page; filters provider, organisation and auto-bidding status', querystring: bidTemplateListQuery, response: { 200: bidTemplateList, ...templateResponses } },
      },
      async (request) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const viewer = viewerOf(request);
        const list = await listBidTemplates(db, scopeOf(viewer), request.query);
        return { total_records: list.total_records, records: await toTemplateViews(deps, viewer, list.result) };
      },
    );

    app.get(
      '/v4/users/:id/home_loan_bid_templates',
      {
        onRequest: providerOrAdmin(deps),
        schema: { tags: TAGS, summary: "A provider's bid templates, as far as the caller may see them", params, querystring: bidTemplateListQuery, response: { 200: bidTemplateList, ...templateResponses } },
      },
      async (request) => {
        const viewer = viewerOf(request);
        const query = { ...request.query, filter: { ...request.query.filter, fsp_user_uuid: request.params.id } };
        const list = await listBidTemplates(db, scopeOf(viewer), query);
        return { total_records: list.total_records, records: await toTemplateViews(deps, viewer, list.result) };
      },
    );

    app.post(
      '/v4/home_loan_bid_templates',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: 'Create a bid template (create_bid_template, or an admin for a provider with fsp_user_uuid), or a clone of one with clone_of',
          body: createBidTemplateBody,
          response: { 201: bidTemplateView, ...templateResponses },
        },
      },
      async (request, reply) => {
        const { home_loan_bid_template, fsp_user_uuid, clone_of } = request.body;
        const request_ = templateRequestOf(request);
        const created = await createBidTemplate(deps, request_, { details: home_loan_bid_template as BidTemplateDetailsInput, ownerId: fsp_user_uuid, cloneOf: clone_of });
        if (!created.ok) return sendProblem(reply, templateProblem(created.error, DETAILS));
        return answerTemplate(deps, templateActorOf(request_), reply, created.templateId, created.position, 201);
      },
    );

    app.get(
      '/v4/home_loan_bid_templates/:id',
      { onRequest: providerOrAdmin(deps), schema: { tags: TAGS, summary: 'A bid template the caller may see', params, response: { 200: bidTemplateView, ...templateResponses } } },
      async (request, reply) => {
        await waitForRequestedPosition(db, request, READ_MODELS);
        const viewer = viewerOf(request);
        const row = await findBidTemplate(db, request.params.id);
        if (!row || !maySeeTemplate(viewer, row)) return sendProblem(reply, templateNotFound());
        const [view] = await toTemplateViews(deps, viewer, [row]);
        return view;
      },
    );

    app.patch(
      '/v4/home_loan_bid_templates/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "Change a template: operation update (the details; fee_rules delete or keep when the fee type changes under fee rules) or location_list_type (null deletes every location rule). `revision`: the one loaded; 409 BID_TEMPLATE_CHANGED when someone saved meanwhile",
          params,
          body: changeBidTemplateBody,
          response: { 200: bidTemplateView, 204: z.null(), ...templateResponses },
        },
      },
      async (request, reply) => {
        const request_ = templateRequestOf(request);
        const body = request.body;
        const template_id = request.params.id;
        const result =
          body.operation === 'update'
            ? await changeBidTemplate(deps, request_, {
                type: 'ChangeBidTemplateDetails',
                data: { template_id, details: body.home_loan_bid_template as BidTemplateDetailsInput, fee_rules: body.fee_rules ?? null, expected_revision: body.revision ?? null },
              })
            : await changeBidTemplate(deps, request_, { type: 'SetLocationListType', data: { template_id, location_list_type: body.location_list_type, expected_revision: body.revision ?? null } });
        return answerChange(deps, templateActorOf(request_), reply, template_id, result, { wrapper: DETAILS });
      },
    );

    app.patch(
      '/v4/home_loan_bid_templates/:id/auto_bidding',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary:
            "Tick a template's auto-bidding on (active for the configured days, expiry_on set; a pending template's first activation takes `scope` only_new_posts (default) or open_posts, any later one rescans) or off (deactivated; an inactive one stays inactive). execute_automatic_bidding, or an admin. The screens toast 'Auto-bidding was changed!'",
          params,
          body: autoBiddingBody,
          response: { 200: bidTemplateView, ...templateResponses },
        },
      },
      async (request, reply) => {
        const request_ = templateRequestOf(request);
        const { auto_bidding, scope, review_period, revision } = request.body;
        const result = await changeAutoBidding(deps, request_, { templateId: request.params.id, autoBidding: auto_bidding, scope, reviewPeriod: review_period, expectedRevision: revision });
        return answerChange(deps, templateActorOf(request_), reply, request.params.id, result);
      },
    );

    app.post(
      '/v3/home_loan_bid_templates/:id/interactive_matches',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary:
            "Tick a template's interactive matching on (the comparison tool may offer it for interactive_matching_valid_for days, 1–7, default the system configuration's; the expiry day YYYY-MM-DD in Sydney) or off (validity and expiry cleared). Whoever may change the template",
          params,
          body: interactiveMatchBody,
          response: { 200: bidTemplateView, ...templateResponses },
        },
      },
      async (request, reply) => {
        const request_ = templateRequestOf(request);
        const { interactive_matching, interactive_matching_valid_for, revision } = request.body;
        const result = await setInteractiveMatching(deps, request_, { templateId: request.params.id, interactiveMatching: interactive_matching, validFor: interactive_matching_valid_for, expectedRevision: revision });
        return answerChange(deps, templateActorOf(request_), reply, request.params.id, result);
      },
    );

    app.delete(
      '/v3/home_loan_bid_templates/:id',
      { onRequest: providerOrAdmin(deps), schema: { tags: TAGS, summary: 'Delete a bid template (delete_bid_template, or an admin). The screens toast \'Deleted!\'', params, response: { 204: z.null(), ...templateResponses } } },
      async (request, reply) => {
        const result = await changeBidTemplate(deps, templateRequestOf(request), { type: 'DeleteBidTemplate', data: { template_id: request.params.id } });
        if (!result.ok) return sendProblem(reply, templateProblem(result.error));
        // The list the screen goes back to no longer shows it.
        if (result.position) await waitForProjections(db, READ_MODELS, result.position);
        answerPosition(reply, result.position);
        return reply.code(204).send(null);
      },
    );

    await app.register(bidTemplateRuleRoutes(deps));
    await app.register(bidTemplateDocumentRoutes(deps));
    await app.register(bidTemplateOperationRoutes(deps));
    await app.register(autoBiddingSimulationRoutes(deps));
    await app.register(bidTemplateImprovementRoutes(deps));
  };
