import { type ExpressionBuilder, sql } from 'kysely';
import type { OfferFacts } from '../../domain/financial-institution-product/offer';
import { type OfferedProductListQuery, type ProductListQuery, productSortable } from '../../domain/financial-institution-product/schemas';
import type { OrganisationType } from '../../domain/organisation/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database, DatabaseSchema } from '../../infrastructure/database/database';
import { escapeLike, pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { ProductRow } from './products';

/** A product with its organisation's name and type (the views' `organisation`). */
export type ProductWithOrganisation = ProductRow & { organisation_name: string; organisation_type: OrganisationType };

const withOrganisation = (db: Database) =>
  db
    .selectFrom('financial_institution_products as p')
    .innerJoin('organisations as o', 'o.uuid', 'p.organisation_uuid')
    .where('p.removed', '=', false);

type Joined = DatabaseSchema & { p: DatabaseSchema['financial_institution_products']; o: DatabaseSchema['organisations'] };
const searchFor = (search: string | undefined) => (eb: ExpressionBuilder<Joined, 'p' | 'o'>) => {
  if (!search) return eb.lit(true);
  const pattern = `%${escapeLike(search)}%`;
  return eb.or([eb('p.product_name', 'ilike', pattern), eb('p.name', 'ilike', pattern)]);
};

/**
 * Products, newest first unless sorted (spec 1 §9), of one organisation or, without `organisation_uuid`, of every
 * organisation (the admin's Products page); `search` matches part of the product name or name.
 */
export async function listProducts(db: Database, query: ProductListQuery): Promise<ListResult<ProductWithOrganisation>> {
  const { search, status, organisation_uuid } = query.filter ?? {};
  let filtered = withOrganisation(db).where(searchFor(search));
  if (status) filtered = filtered.where('p.status', '=', status);
  if (organisation_uuid) filtered = filtered.where('p.organisation_uuid', '=', organisation_uuid);
  let ordered = filtered.selectAll('p').select(['o.name as organisation_name', 'o.organisation_type']);
  for (const [field, direction] of sortOrder(productSortable, query.sorting, ['created_at', 'desc'])) {
    ordered = field === 'product_name' || field === 'name' ? ordered.orderBy(sql`lower(p.${sql.ref(field)})`, direction) : ordered.orderBy(`p.${field}`, direction);
  }
  return pageOf(ordered.orderBy('p.uuid'), filtered, query);
}

export async function findProduct(db: Database, uuid: string): Promise<ProductWithOrganisation | undefined> {
  return withOrganisation(db).selectAll('p').select(['o.name as organisation_name', 'o.organisation_type']).where('p.uuid', '=', uuid).executeTakeFirst();
}

/**
 * The products a provider of `bidderOrganisationUuid` may offer on a bid, by product name: `mayOffer`
 * (domain/financial-institution-product/offer.ts) in SQL, so the picker lists exactly what the bid decider accepts.
 */
export async function listOfferedProducts(db: Database, bidderOrganisationUuid: string, query: OfferedProductListQuery): Promise<ListResult<ProductWithOrganisation>> {
  const bidder = JSON.stringify([bidderOrganisationUuid]);
  const filtered = withOrganisation(db)
    .where('p.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('p.organisation_uuid', '=', bidderOrganisationUuid),
        eb.and([
          eb('o.organisation_type', '=', 'financial_institution'),
          sql<boolean>`(case when p.is_restrict then p.allowed_bidders else o.allowed_bidders end) @> ${bidder}::jsonb`,
        ]),
      ]),
    )
    .where(searchFor(query.filter?.search));
  let ordered = filtered.selectAll('p').select(['o.name as organisation_name', 'o.organisation_type']);
  for (const [field, direction] of sortOrder(productSortable, query.sorting, ['product_name', 'asc'])) {
    ordered = field === 'product_name' || field === 'name' ? ordered.orderBy(sql`lower(p.${sql.ref(field)})`, direction) : ordered.orderBy(`p.${field}`, direction);
  }
  return pageOf(ordered.orderBy('p.uuid'), filtered, query);
}

/** What the bid decider needs to judge a chosen product (null: no such product, or removed). */
export async function offerFactsOf(db: Database, productUuid: string): Promise<OfferFacts | null> {
  const row = await withOrganisation(db)
    .select(['p.organisation_uuid', 'p.status', 'p.is_restrict', 'p.allowed_bidders', 'o.organisation_type', 'o.allowed_bidders as lender_allowed_bidders'])
    .where('p.uuid', '=', productUuid)
    .executeTakeFirst();
  if (!row) return null;
  return {
    product: { organisation_uuid: row.organisation_uuid, status: row.status, is_restrict: row.is_restrict, allowed_bidders: row.allowed_bidders },
    lender: { organisation_type: row.organisation_type, allowed_bidders: row.lender_allowed_bidders },
  };
}

/** Products by uuid as a bid shows them, removed ones included (a bid keeps naming the product it offered). */
export async function productNamesOf(db: Database, uuids: readonly string[]): Promise<Map<string, { uuid: string; product_name: string; name: string; organisation_uuid: string; organisation_name: string | null }>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('financial_institution_products as p')
    .leftJoin('organisations as o', 'o.uuid', 'p.organisation_uuid')
    .select(['p.uuid', 'p.product_name', 'p.name', 'p.organisation_uuid', 'o.name as organisation_name'])
    .where('p.uuid', 'in', [...new Set(uuids)])
    .execute();
  return new Map(rows.map((row) => [row.uuid, row]));
}
