import type { SimulationResult } from './simulation';

// Events of an auto-bidding simulation (`auto_bidding_simulation-<uuid>`, docs/events.md "Auto-bidding simulation";
// docs/auto-bidding.md "Simulation"). A simulation is its own stream, not the template's: it never changes the
// template, and asking for one does not conflict with a save of the template. No personal data: ids and figures.

/** `PATCH /v1/home_loan_bid_templates/{id}` with execute_automatic_bidding, mode simulation (spec 3 §4, §7). */
export type AutoBiddingSimulationRequested = {
  type: 'AutoBiddingSimulationRequested';
  data: {
    simulation_id: string;
    template_id: string;
    /** The template's owner and organisation when asked: who may see the simulation is decided on them (spec 3 §6). */
    owner_id: string;
    owner_organisation_uuid: string;
    /** Days back from `requested_at`: the posts published in that window are simulated. */
    review_period: number;
    requested_by: string;
    requested_at: string;
  };
};
/** The run began, against the template at `template_revision` (its stream's revision then). */
export type AutoBiddingSimulationStarted = {
  type: 'AutoBiddingSimulationStarted';
  data: { simulation_id: string; template_id: string; template_revision: number; template_name: string; started_at: string };
};
/** The result; its id derives from the simulation, and the decider takes it once, so it is recorded and mailed once. */
export type AutoBiddingSimulationCompleted = {
  type: 'AutoBiddingSimulationCompleted';
  data: { simulation_id: string; template_id: string; template_name: string; requested_by: string; result: SimulationResult; completed_at: string };
};
/** The template was deleted before the run started: nothing to simulate. */
export type AutoBiddingSimulationFailed = { type: 'AutoBiddingSimulationFailed'; data: { simulation_id: string; template_id: string; reason: 'template_deleted'; failed_at: string } };

export type AutoBiddingSimulationEvent = AutoBiddingSimulationRequested | AutoBiddingSimulationStarted | AutoBiddingSimulationCompleted | AutoBiddingSimulationFailed;

export const autoBiddingSimulationEventTypes = [
  'AutoBiddingSimulationRequested',
  'AutoBiddingSimulationStarted',
  'AutoBiddingSimulationCompleted',
  'AutoBiddingSimulationFailed',
] as const satisfies readonly AutoBiddingSimulationEvent['type'][];

export const autoBiddingSimulationStream = (simulationId: string) => `auto_bidding_simulation-${simulationId}`;
