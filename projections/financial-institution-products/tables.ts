import type { ProductDetails } from '../../domain/financial-institution-product/schemas';

// The table `createTables` in products.ts makes. Handlers write it in the build's schema and the API reads the view
// of the same name in `public` (projections/projection.ts): queries name it plainly.

/** A product as its events leave it; a removed one stays (`removed`), so a bid naming it still shows its name. */
export interface FinancialInstitutionProductsTable extends ProductDetails {
  uuid: string;
  organisation_uuid: string;
  /** Uuids of the brokers that may offer it when it is restricted. */
  allowed_bidders: string[];
  removed: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface FinancialInstitutionProductsTables {
  financial_institution_products: FinancialInstitutionProductsTable;
}
