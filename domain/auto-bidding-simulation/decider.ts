import { maySeeTemplate } from '../bid-template/access';
import { autoBiddingMessages, autoBiddingReviewPeriod } from '../bid-template/auto-bidding';
import { bidTemplateErrors, type BidTemplateError } from '../bid-template/decider';
import { accept, assertNever, type Decider } from '../shared/decider';
import type { AutoBiddingSimulationCommand, RequestSimulation } from './commands';
import type { AutoBiddingSimulationEvent, AutoBiddingSimulationRequested } from './events';
import type { SimulationResult } from './simulation';

// The auto-bidding simulation aggregate (issue 29 item 4, docs/auto-bidding.md "Simulation"): requested, running,
// then completed (or failed when the template is gone). Starting and completing are the reactor's and take effect
// once: a replayed or retried run finds the state moved on and records nothing, so the result is mailed once.
// Its refusals use the template's codes (a simulation is one of the template's operations, spec 3 §7).

type Requested = AutoBiddingSimulationRequested['data'];
export type AutoBiddingSimulationState =
  | { status: 'absent' }
  | { status: 'requested'; simulation: Requested }
  | { status: 'running'; simulation: Requested; template_revision: number }
  | { status: 'completed'; simulation: Requested; result: SimulationResult }
  | { status: 'failed'; simulation: Requested };

export type SimulationDecision = { ok: true; events: AutoBiddingSimulationEvent[] } | { ok: false; error: BidTemplateError };

export const simulationMessages = {
  /** spec 3 §8, the toast after asking. */
  requested: 'Simulation Requested',
  notFound: 'Bid template not found.',
  notAllowed: 'You are not allowed to simulate the auto-bidding of this bid template.',
  alreadyExists: 'This simulation already exists.',
} as const;

/**
 * Who may ask (docs/auto-bidding.md "Simulation"): whoever sees the template (spec 3 §6: admins, the owner, colleagues
 * who see the organisation's templates). A simulation changes nothing, so seeing is enough; someone who does not see
 * the template is told it is not found.
 */
function request(command: RequestSimulation, state: AutoBiddingSimulationState): SimulationDecision {
  const { actor, now } = command.metadata;
  const { simulation_id, template, max_review_period } = command.data;
  if (state.status !== 'absent') return { ok: false, error: { code: bidTemplateErrors.alreadyExists, message: simulationMessages.alreadyExists } };
  if (actor.user_type === 'customer') return { ok: false, error: { code: bidTemplateErrors.notAllowed, message: simulationMessages.notAllowed } };
  if (!maySeeTemplate(actor, template)) return { ok: false, error: { code: bidTemplateErrors.notFound, message: simulationMessages.notFound } };
  const review_period = command.data.review_period ?? max_review_period;
  if (!Number.isInteger(review_period) || review_period < autoBiddingReviewPeriod.min || review_period > max_review_period) {
    const message = autoBiddingMessages.reviewPeriod(max_review_period);
    return { ok: false, error: { code: bidTemplateErrors.invalid, message, errors: { review_period: [message] } } };
  }
  return accept({
    type: 'AutoBiddingSimulationRequested',
    data: { simulation_id, template_id: template.template_id, owner_id: template.owner_id, owner_organisation_uuid: template.owner_organisation_uuid, review_period, requested_by: actor.user_id, requested_at: now },
  });
}

function decide(command: AutoBiddingSimulationCommand, state: AutoBiddingSimulationState): SimulationDecision {
  switch (command.type) {
    case 'RequestSimulation':
      return request(command, state);
    case 'StartSimulation':
      return state.status === 'requested' ? accept({ type: 'AutoBiddingSimulationStarted', data: { ...command.data, started_at: command.metadata.now } }) : accept();
    case 'CompleteSimulation':
      return state.status === 'running'
        ? accept({ type: 'AutoBiddingSimulationCompleted', data: { ...command.data, requested_by: state.simulation.requested_by, completed_at: command.metadata.now } })
        : accept();
    case 'FailSimulation':
      return state.status === 'requested' || state.status === 'running' ? accept({ type: 'AutoBiddingSimulationFailed', data: { ...command.data, failed_at: command.metadata.now } }) : accept();
    default:
      return assertNever(command);
  }
}

function evolve(state: AutoBiddingSimulationState, event: AutoBiddingSimulationEvent): AutoBiddingSimulationState {
  switch (event.type) {
    case 'AutoBiddingSimulationRequested':
      return { status: 'requested', simulation: event.data };
    case 'AutoBiddingSimulationStarted':
      return state.status === 'absent' ? state : { status: 'running', simulation: state.simulation, template_revision: event.data.template_revision };
    case 'AutoBiddingSimulationCompleted':
      return state.status === 'absent' ? state : { status: 'completed', simulation: state.simulation, result: event.data.result };
    case 'AutoBiddingSimulationFailed':
      return state.status === 'absent' ? state : { status: 'failed', simulation: state.simulation };
    default:
      return assertNever(event);
  }
}

export const autoBiddingSimulationDecider: Decider<AutoBiddingSimulationState, AutoBiddingSimulationCommand, AutoBiddingSimulationEvent> = {
  initialState: () => ({ status: 'absent' }),
  decide,
  evolve,
};
