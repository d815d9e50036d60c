import { type Selectable, sql } from 'kysely';
import { type ExternalDealEvent, type ExternalDealProvider, externalDealEventTypes } from '../../domain/external-deal/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { ExternalDealsTable } from './tables';

// External deals as the edit form and the deal cards read them (docs/external-deals.md): the post of origin
// external (its loan), its customer and its providers with their deals. Ids and amounts only, no personal data.

export type ExternalDealRow = Selectable<ExternalDealsTable>;

const handledTypes = new Set<string>(externalDealEventTypes);

export const externalDealsProjection: Projection = {
  kind: 'projection',
  name: 'external-deals',
  eventTypes: handledTypes,
  version: 1,
  tables: ['external_deals'],
  async createTables(trx) {
    await sql`
      create table external_deals (
        uuid uuid primary key,
        customer_id uuid not null,
        new_customer boolean not null,
        loan_type text not null,
        loan_purpose text not null,
        loan_amount double precision not null,
        property_market_value double precision not null,
        providers jsonb not null,
        created_by uuid not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index external_deals_customer on external_deals (customer_id)`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The external deal decider wrote it (checked by type name).
      await apply(db, recorded as RecordedEvent & ExternalDealEvent);
    }
  },
};

const jsonb = (providers: readonly ExternalDealProvider[]) => sql<ExternalDealProvider[]>`${JSON.stringify(providers)}::jsonb`;

async function apply(db: Database, event: RecordedEvent & ExternalDealEvent): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'ExternalDealRecorded': {
      const { external_deal_id, customer_id, new_customer, loan, providers, recorded_by } = event.data;
      await db
        .insertInto('external_deals')
        .values({ uuid: external_deal_id, customer_id, new_customer, ...loan, providers: jsonb(providers), created_by: recorded_by, created_at: at, updated_at: at })
        .onConflict((c) => c.column('uuid').doNothing())
        .execute();
      return;
    }
    case 'ExternalDealUpdated': {
      const { external_deal_id, loan, added_providers } = event.data;
      const row = await db.selectFrom('external_deals').select('providers').where('uuid', '=', external_deal_id).executeTakeFirst();
      if (!row) return;
      // Replays apply each event once (the runner's checkpoint); the filter keeps a provider listed once all the same.
      const known = new Set(row.providers.map((p) => p.provider_id));
      const providers = [...row.providers, ...added_providers.filter((p) => !known.has(p.provider_id))];
      await db.updateTable('external_deals').set({ ...loan, providers: jsonb(providers), updated_at: at }).where('uuid', '=', external_deal_id).execute();
      return;
    }
  }
}
