import type { SimulationResult } from '../../domain/auto-bidding-simulation/simulation';

// The table `createTables` in auto-bidding-simulations.ts makes (docs/auto-bidding.md "Simulation").

export type SimulationStatus = 'requested' | 'running' | 'done' | 'failed';

export interface AutoBiddingSimulationsTable {
  simulation_id: string;
  template_id: string;
  /** The template's owner and organisation when asked: who sees the simulation (spec 3 §6). */
  owner_id: string;
  owner_organisation_uuid: string;
  requested_by: string;
  review_period: number;
  status: SimulationStatus;
  /** The template's name and revision as the run found them; null before it starts. */
  template_name: string | null;
  template_revision: number | null;
  result: SimulationResult | null;
  failure: string | null;
  requested_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface AutoBiddingSimulationsTables {
  auto_bidding_simulations: AutoBiddingSimulationsTable;
}
