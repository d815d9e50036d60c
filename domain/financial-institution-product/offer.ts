import type { OrganisationType } from '../organisation/schemas';
import type { ProductStatus } from './schemas';

// Who may offer a product on a bid (docs/products.md "Who may offer a product"). The bid decider judges a chosen
// product with this; the picker's query (projections/financial-institution-products/queries.ts) asks the same in SQL,
// and tests/api/financial-institution-products.int.test.ts checks the two agree.

export type OfferFacts = {
  product: { organisation_uuid: string; status: ProductStatus; is_restrict: boolean; allowed_bidders: readonly string[] };
  /** The product's organisation. */
  lender: { organisation_type: OrganisationType; allowed_bidders: readonly string[] };
};

/**
 * An active product is offered by its own lender's providers, and by the brokers the lender allows: those on the
 * lender's allowed bidders, or, for a restricted product, only those on the product's own list.
 */
export function mayOffer({ product, lender }: OfferFacts, bidderOrganisationUuid: string): boolean {
  if (product.status !== 'active') return false;
  if (bidderOrganisationUuid === product.organisation_uuid) return true;
  if (lender.organisation_type !== 'financial_institution') return false;
  return (product.is_restrict ? product.allowed_bidders : lender.allowed_bidders).includes(bidderOrganisationUuid);
}
