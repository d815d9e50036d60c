import { type Selectable, sql } from 'kysely';
import type { OrganisationEvent } from '../../domain/organisation/events';
import { organisationEventTypes } from '../../domain/organisation/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { OrganisationsTable } from './tables';

// The admin's list of organisations (spec 3 §2) and the detail page.

export type OrganisationRow = Selectable<OrganisationsTable>;

const handledTypes = new Set<string>(organisationEventTypes);

export const organisationsProjection: Projection = {
  kind: 'projection',
  name: 'organisations',
  eventTypes: handledTypes,
  version: 2,
  tables: ['organisations'],
  async createTables(trx) {
    await sql`
      create table organisations (
        uuid uuid primary key,
        product_id uuid not null,
        name text not null,
        abbreviation text,
        organisation_type text not null,
        category text,
        status text not null,
        logo_file_id text,
        allowed_bidders jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index organisations_created_at on organisations (created_at desc, uuid)`.execute(trx);
    await sql`create index organisations_name on organisations (lower(name))`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The organisation decider wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & OrganisationEvent);
    }
  },
};

async function apply(db: Database, event: RecordedEvent & OrganisationEvent): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'OrganisationCreated': {
      const { organisation_id, ...row } = event.data;
      await db
        .insertInto('organisations')
        .values({ uuid: organisation_id, ...row, allowed_bidders: sql<string[]>`'[]'::jsonb`, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('uuid').doNothing())
        .execute();
      return;
    }
    case 'OrganisationDetailsChanged':
      await db
        .updateTable('organisations')
        .set({ ...event.data.changes, updated_at: at })
        .where('uuid', '=', event.data.organisation_id)
        .execute();
      if (event.data.changes.organisation_type === 'financial_institution') await dropBidder(db, event.data.organisation_id);
      return;
    case 'OrganisationRemoved':
      await db.deleteFrom('organisations').where('uuid', '=', event.data.organisation_id).execute();
      await dropBidder(db, event.data.organisation_id);
      return;
    case 'OrganisationAllowedBiddersChanged':
      await db
        .updateTable('organisations')
        .set({ allowed_bidders: sql<string[]>`${JSON.stringify(event.data.allowed_bidders)}::jsonb`, updated_at: at })
        .where('uuid', '=', event.data.organisation_id)
        .execute();
      return;
  }
}

/**
 * A broker that is removed or becomes a lender can no longer bid as one: it leaves every allowed-bidders list here.
 * The lenders' streams keep the uuid; their next change of the list (sent from this read model) drops it there too.
 */
async function dropBidder(db: Database, uuid: string): Promise<void> {
  await db
    .updateTable('organisations')
    .set({ allowed_bidders: sql<string[]>`allowed_bidders - ${uuid}::text` })
    .where(sql<boolean>`allowed_bidders @> ${JSON.stringify([uuid])}::jsonb`)
    .execute();
}

