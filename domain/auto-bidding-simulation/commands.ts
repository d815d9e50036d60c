import type { TemplateActor } from '../bid-template/commands';
import type { AutoBiddingSimulationCompleted, AutoBiddingSimulationStarted } from './events';

// Commands of an auto-bidding simulation (docs/auto-bidding.md "Simulation"). Time and ids arrive in them.

export type RequestSimulation = {
  type: 'RequestSimulation';
  data: {
    simulation_id: string;
    template: { template_id: string; owner_id: string; owner_organisation_uuid: string };
    /** As sent; absent: the owner's maximum (the default choice, 14 unless the provider's is set otherwise). */
    review_period: number | null;
    /** The template owner's max_auto_bidding_review_period (spec 3 §4). */
    max_review_period: number;
  };
  metadata: { actor: TemplateActor; now: string };
};
export type StartSimulation = { type: 'StartSimulation'; data: Omit<AutoBiddingSimulationStarted['data'], 'started_at'>; metadata: { now: string } };
export type CompleteSimulation = { type: 'CompleteSimulation'; data: Omit<AutoBiddingSimulationCompleted['data'], 'completed_at' | 'requested_by'>; metadata: { now: string } };
export type FailSimulation = { type: 'FailSimulation'; data: { simulation_id: string; template_id: string; reason: 'template_deleted' }; metadata: { now: string } };

export type AutoBiddingSimulationCommand = RequestSimulation | StartSimulation | CompleteSimulation | FailSimulation;
