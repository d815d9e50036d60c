import type { ProductDetails } from './schemas';

// The products of one organisation are one stream, its catalogue (`financial_institution_products-<organisation>`):
// a product name is unique within it, and an import's accepted rows are one event appended at once.

export type ProductRecord = ProductDetails & { product_id: string; allowed_bidders: string[] };

export type FinancialInstitutionProductCreated = {
  type: 'FinancialInstitutionProductCreated';
  data: { organisation_id: string } & ProductRecord;
};
/** Only the fields that changed. */
export type FinancialInstitutionProductChanged = {
  type: 'FinancialInstitutionProductChanged';
  data: { organisation_id: string; product_id: string; changes: Partial<Omit<ProductRecord, 'product_id'>> };
};
export type FinancialInstitutionProductRemoved = {
  type: 'FinancialInstitutionProductRemoved';
  data: { organisation_id: string; product_id: string };
};
/** The accepted rows of one import: new products, and the changed fields of those matched by product name. */
export type FinancialInstitutionProductsImported = {
  type: 'FinancialInstitutionProductsImported';
  data: {
    organisation_id: string;
    file_name: string;
    created: ProductRecord[];
    changed: { product_id: string; changes: Partial<ProductDetails> }[];
  };
};

export type ProductEvent =
  | FinancialInstitutionProductCreated
  | FinancialInstitutionProductChanged
  | FinancialInstitutionProductRemoved
  | FinancialInstitutionProductsImported;

export const productEventTypes = [
  'FinancialInstitutionProductCreated',
  'FinancialInstitutionProductChanged',
  'FinancialInstitutionProductRemoved',
  'FinancialInstitutionProductsImported',
] as const;

export const productCatalogueStream = (organisationId: string) => `financial_institution_products-${organisationId}`;
