import { sql } from 'kysely';
import { type AutoBiddingSimulationEvent, autoBiddingSimulationEventTypes } from '../../domain/auto-bidding-simulation/events';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';

// The simulations of templates' auto-bidding (docs/auto-bidding.md "Simulation"): one row each, its status moving
// requested → running → done (or failed), with the result for the page. Each event sets what it knows, so a replayed
// event writes the same row again.

const jsonb = <T>(value: T) => sql<T>`${JSON.stringify(value)}::jsonb`;

export const autoBiddingSimulationsProjection: Projection = {
  kind: 'projection',
  name: 'auto_bidding_simulations',
  version: 1,
  eventTypes: new Set(autoBiddingSimulationEventTypes),
  tables: ['auto_bidding_simulations'],
  async createTables(trx) {
    await sql`
      create table auto_bidding_simulations (
        simulation_id uuid primary key,
        template_id uuid not null,
        owner_id uuid not null,
        owner_organisation_uuid uuid not null,
        requested_by uuid not null,
        review_period integer not null,
        status text not null,
        template_name text,
        template_revision integer,
        result jsonb,
        failure text,
        requested_at timestamptz not null,
        started_at timestamptz,
        completed_at timestamptz
      )`.execute(trx);
    await sql`create index auto_bidding_simulations_template on auto_bidding_simulations (template_id, requested_at desc)`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!autoBiddingSimulationsProjection.eventTypes!.has(recorded.type)) continue;
      // The simulation decider wrote it (type checked above).
      const event = recorded as RecordedEvent & AutoBiddingSimulationEvent;
      const row = db.updateTable('auto_bidding_simulations').where('simulation_id', '=', event.data.simulation_id);
      switch (event.type) {
        case 'AutoBiddingSimulationRequested': {
          const { data } = event;
          await db
            .insertInto('auto_bidding_simulations')
            .values({
              simulation_id: data.simulation_id,
              template_id: data.template_id,
              owner_id: data.owner_id,
              owner_organisation_uuid: data.owner_organisation_uuid,
              requested_by: data.requested_by,
              review_period: data.review_period,
              status: 'requested',
              template_name: null,
              template_revision: null,
              result: null,
              failure: null,
              requested_at: new Date(data.requested_at),
              started_at: null,
              completed_at: null,
            })
            .onConflict((oc) => oc.column('simulation_id').doNothing())
            .execute();
          break;
        }
        case 'AutoBiddingSimulationStarted':
          await row.set({ status: 'running', template_name: event.data.template_name, template_revision: event.data.template_revision, started_at: new Date(event.data.started_at) }).execute();
          break;
        case 'AutoBiddingSimulationCompleted':
          await row.set({ status: 'done', template_name: event.data.template_name, result: jsonb(event.data.result), completed_at: new Date(event.data.completed_at) }).execute();
          break;
        case 'AutoBiddingSimulationFailed':
          await row.set({ status: 'failed', failure: event.data.reason, completed_at: new Date(event.data.failed_at) }).execute();
          break;
        default: {
          const _never: never = event;
          return _never;
        }
      }
    }
  },
};
