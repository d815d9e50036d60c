import { type Selectable, sql } from 'kysely';
import { type ProductEvent, type ProductRecord, productEventTypes } from '../../domain/financial-institution-product/events';
import type { OrganisationRemoved } from '../../domain/organisation/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { FinancialInstitutionProductsTable } from './tables';

// The admin's product lists (per organisation and across them), the product page, and the bid form's picker
// (spec 3 §2, §3; docs/products.md).

export type ProductRow = Selectable<FinancialInstitutionProductsTable>;

const handledTypes = new Set<string>([...productEventTypes, 'OrganisationRemoved']);

export const productsProjection: Projection = {
  kind: 'projection',
  name: 'financial_institution_products',
  eventTypes: handledTypes,
  version: 1,
  tables: ['financial_institution_products'],
  async createTables(trx) {
    await sql`
      create table financial_institution_products (
        uuid uuid primary key,
        organisation_uuid uuid not null,
        product_name text not null,
        name text not null,
        description text,
        status text not null,
        is_restrict boolean not null,
        allowed_bidders jsonb not null,
        removed boolean not null default false,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    await sql`create index financial_institution_products_organisation on financial_institution_products (organisation_uuid, created_at desc, uuid) where not removed`.execute(trx);
    await sql`create index financial_institution_products_created_at on financial_institution_products (created_at desc, uuid) where not removed`.execute(trx);
  },
  async handle(events, db) {
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The catalogue decider (and the organisation's, for OrganisationRemoved) wrote these; their types are checked above.
      await apply(db, recorded as RecordedEvent & (ProductEvent | OrganisationRemoved));
    }
  },
};

/** Rows written as one jsonb parameter (an import holds up to 10,000: too many for one parameter each). */
async function insertProducts(db: Database, organisationUuid: string, records: readonly ProductRecord[], at: Date): Promise<void> {
  if (records.length === 0) return;
  await sql`
    insert into financial_institution_products (uuid, organisation_uuid, product_name, name, description, status, is_restrict, allowed_bidders, created_at, updated_at)
    select r.product_id, ${organisationUuid}::uuid, r.product_name, r.name, r.description, r.status, r.is_restrict, r.allowed_bidders, ${at}, ${at}
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as r(product_id uuid, product_name text, name text, description text, status text, is_restrict boolean, allowed_bidders jsonb)
    on conflict (uuid) do nothing`.execute(db);
}

/** Each product's changed fields (a field absent from its changes keeps its value; a null description is a change). */
async function changeProducts(db: Database, changed: readonly { product_id: string; changes: object }[], at: Date): Promise<void> {
  if (changed.length === 0) return;
  const field = (name: string, type: string) => sql.raw(`${name} = case when c.changes ? '${name}' then (c.changes->>'${name}')::${type} else p.${name} end`);
  await sql`
    update financial_institution_products p set
      ${field('product_name', 'text')}, ${field('name', 'text')}, ${field('description', 'text')}, ${field('status', 'text')},
      ${field('is_restrict', 'boolean')},
      allowed_bidders = case when c.changes ? 'allowed_bidders' then c.changes->'allowed_bidders' else p.allowed_bidders end,
      updated_at = ${at}
    from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as c(product_id uuid, changes jsonb)
    where p.uuid = c.product_id`.execute(db);
}

async function apply(db: Database, event: RecordedEvent & (ProductEvent | OrganisationRemoved)): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'FinancialInstitutionProductCreated': {
      const { organisation_id, ...record } = event.data;
      return insertProducts(db, organisation_id, [record], at);
    }
    case 'FinancialInstitutionProductChanged':
      return changeProducts(db, [event.data], at);
    case 'FinancialInstitutionProductRemoved':
      await db.updateTable('financial_institution_products').set({ removed: true, updated_at: at }).where('uuid', '=', event.data.product_id).execute();
      return;
    case 'FinancialInstitutionProductsImported':
      await insertProducts(db, event.data.organisation_id, event.data.created, at);
      return changeProducts(db, event.data.changed, at);
    case 'OrganisationRemoved':
      // Its products go with it from every list; bids naming one still show its name.
      await db.updateTable('financial_institution_products').set({ removed: true, updated_at: at }).where('organisation_uuid', '=', event.data.organisation_id).where('removed', '=', false).execute();
      return;
  }
}
