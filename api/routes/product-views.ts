import type { OfferedProductView, ProductView } from '../../domain/financial-institution-product/schemas';
import type { ProductWithOrganisation } from '../../projections/financial-institution-products/queries';

// The products' read rows as the API answers them (financial-institution-products.ts, offered-products.ts).

export function toProductView(row: ProductWithOrganisation): ProductView {
  return {
    uuid: row.uuid,
    organisation: { uuid: row.organisation_uuid, name: row.organisation_name, organisation_type: row.organisation_type },
    product_name: row.product_name,
    name: row.name,
    description: row.description,
    status: row.status,
    is_restrict: row.is_restrict,
    allowed_bidders: row.allowed_bidders,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const toOfferedProductView = (row: ProductWithOrganisation): OfferedProductView => ({
  uuid: row.uuid,
  product_name: row.product_name,
  name: row.name,
  organisation: { uuid: row.organisation_uuid, name: row.organisation_name },
});
