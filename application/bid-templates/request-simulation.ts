import { autoBiddingSimulationDecider, simulationMessages } from '../../domain/auto-bidding-simulation/decider';
import { autoBiddingSimulationStream } from '../../domain/auto-bidding-simulation/events';
import { bidTemplateErrors, type BidTemplateError } from '../../domain/bid-template/decider';
import { maySeeTemplate } from '../../domain/bid-template/access';
import { handleCommand } from '../../infrastructure/command-handler';
import type { Position } from '../../infrastructure/event-store/event-store';
import { findBidTemplate } from '../../projections/bid-templates/queries';
import type { WorkflowDependencies } from '../dependencies';
import { maxAutoBiddingReviewPeriodOf } from './change-auto-bidding';
import { templateActorOf, templateContextOf, type TemplateRequest } from './template-request';

// spec 3 §4, §7 `PATCH /v1/home_loan_bid_templates/{id}` with execute_automatic_bidding, mode simulation
// (docs/auto-bidding.md "Simulation"): records the request and answers at once; the run is the reactor's
// (simulation-runner.ts).

export type RequestSimulationResult =
  | { ok: true; simulationId: string; reviewPeriod: number; position: Position | null }
  | { ok: false; error: BidTemplateError };

export async function requestSimulation(
  deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>,
  request: TemplateRequest,
  input: { templateId: string; reviewPeriod: number | null },
): Promise<RequestSimulationResult> {
  const actor = templateActorOf(request);
  const template = await findBidTemplate(deps.db, input.templateId);
  // The decider refuses too; a template not seen is not found before anything else is said about it.
  if (!template || !maySeeTemplate(actor, template)) return { ok: false, error: { code: bidTemplateErrors.notFound, message: simulationMessages.notFound } };
  const simulationId = deps.ids.uuid();
  const now = deps.clock.now();
  const result = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: autoBiddingSimulationStream(simulationId),
    decider: autoBiddingSimulationDecider,
    personalData: 'withhold',
    command: {
      type: 'RequestSimulation',
      data: {
        simulation_id: simulationId,
        template: { template_id: template.uuid, owner_id: template.owner_id, owner_organisation_uuid: template.owner_organisation_uuid },
        review_period: input.reviewPeriod,
        max_review_period: maxAutoBiddingReviewPeriodOf(template.owner_id),
      },
      metadata: { actor, now: now.toISOString() },
    },
    context: templateContextOf(request, now),
  });
  if (!result.ok) return { ok: false, error: result.error };
  const requested = result.events[0];
  const reviewPeriod = requested?.type === 'AutoBiddingSimulationRequested' ? requested.data.review_period : (input.reviewPeriod ?? 0);
  return { ok: true, simulationId, reviewPeriod, position: result.position };
}
