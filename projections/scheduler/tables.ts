import type { TransitionKind } from './scheduled-transitions';

// The table `createTables` in scheduled-transitions.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface ScheduledTransitionsTable {
  post_id: string;
  kind: TransitionKind;
  due_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface SchedulerTables {
  scheduled_transitions: ScheduledTransitionsTable;
}
