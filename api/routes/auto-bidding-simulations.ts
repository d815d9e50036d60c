import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { simulationList, type SimulationView, simulationView } from '../../contracts/auto-bidding-simulation';
import { maySeeTemplate } from '../../domain/bid-template/access';
import { bidTemplateErrors } from '../../domain/bid-template/decider';
import { templateActorOf } from '../../application/bid-templates/template-request';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import { findSimulation, type SimulationRow, simulationsOfTemplate } from '../../projections/auto-bidding-simulations/queries';
import { postTitleFactsOf } from '../../projections/posts/queries';
import { domainProblem } from '../domain-problems';
import type { AppDependencies } from '../dependencies';
import { sendProblem } from '../problem';
import { params, providerOrAdmin, TAGS, templateNotFound, templateRequestOf, templateResponses } from './bid-template-replies';

// The auto-bidding simulation's page (issue 29 item 4, docs/auto-bidding.md "Simulation"): one simulation with its
// result, and a template's last simulations. Whoever sees the template sees its simulations (spec 3 §6); a customer is
// refused, anyone else is told it is not found.

const DAY_MS = 86_400_000;
/** The page lists a template's last simulations, not its whole history. */
const LAST_SIMULATIONS = 10;

const simulationNotFound = () => domainProblem({ code: bidTemplateErrors.notFound, message: 'Simulation not found.' });

type SimulationSummary = Omit<SimulationView, 'result'> & { result: SimulationRow['result'] };

function toView(row: SimulationRow): SimulationSummary {
  return {
    uuid: row.simulation_id,
    home_loan_bid_template_uuid: row.template_id,
    template_name: row.template_name,
    status: row.status,
    review_period: row.review_period,
    period_from: new Date(row.requested_at.getTime() - row.review_period * DAY_MS).toISOString(),
    period_to: row.requested_at.toISOString(),
    requested_at: row.requested_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    failure: row.failure,
    result: row.result,
  };
}

export const autoBiddingSimulationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get(
      '/v1/auto_bidding_simulations/:id',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: "An auto-bidding simulation: its status (requested, running, done, failed) and, once done, its result (whoever sees the simulated template; anyone else 404)",
          params,
          response: { 200: simulationView, ...templateResponses },
        },
      },
      async (request, reply) => {
        const row = await findSimulation(db, request.params.id);
        const viewer = templateActorOf(templateRequestOf(request));
        if (!row || !maySeeTemplate(viewer, { owner_id: row.owner_id, owner_organisation_uuid: row.owner_organisation_uuid })) return sendProblem(reply, simulationNotFound());
        const view = toView(row);
        if (!view.result) return { ...view, result: null };
        // The matched posts are named as they read now (the recorded result keeps ids and figures only).
        const posts = await postTitleFactsOf(db, view.result.matched.map((post) => post.post_id));
        return { ...view, result: { ...view.result, matched: view.result.matched.map((post) => ({ ...post, post: posts.get(post.post_id) ?? null })) } };
      },
    );

    app.get(
      '/v1/home_loan_bid_templates/:id/auto_bidding_simulations',
      {
        onRequest: providerOrAdmin(deps),
        schema: {
          tags: TAGS,
          summary: `A template's last ${LAST_SIMULATIONS} auto-bidding simulations, newest first, without their results (whoever sees the template)`,
          params,
          querystring: z.strictObject({}),
          response: { 200: simulationList, ...templateResponses },
        },
      },
      async (request, reply) => {
        const template = await findBidTemplate(db, request.params.id);
        if (!template || !maySeeTemplate(templateActorOf(templateRequestOf(request)), template)) return sendProblem(reply, templateNotFound());
        const rows = await simulationsOfTemplate(db, template.uuid, LAST_SIMULATIONS);
        return {
          records: rows.map((row) => {
            const { result: _result, ...summary } = toView(row);
            return summary;
          }),
        };
      },
    );
  };
