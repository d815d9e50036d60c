import { z } from 'zod';
import { organisationType } from '../organisation/schemas';
import { listQuerySchema } from '../shared/list-query';
import { longTextMaxLength, productImportLimits } from '../shared/limits';
import { maxLengthMessage, notABoolean, notAChoice, required } from '../shared/messages';

// Financial institution products (spec 3 §3 "Financial institution product", §7 "Organisations and products"). One
// set of schemas serves the API and the forms; the import's rows are checked by ./import-rows.ts with the same rules.

/** spec 3 §5: product names are under 100 characters (the bid's product_name takes the chosen product's). */
export const productTextMax = 99;
export const productDescriptionMax = longTextMaxLength;

export const productStatuses = ['active', 'inactive'] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const productStatusLabels: Record<ProductStatus, string> = { active: 'Active', inactive: 'Inactive' };

/** The spec's texts (spec 1 §8, spec 3 §2) and ours where the spec names none (docs/products.md). */
export const productMessages = {
  created: 'Financial product created successfully.',
  updated: 'Financial product updated successfully.',
  removed: 'Product Removed',
  imported: 'Product Imported.',
  someNotImported: 'Some products not Imported',
  /** spec 3 §5: only a file whose name contains .csv. */
  csvOnly: 'Only a .csv file can be imported.',
  nameTaken: 'A product with this product name already exists in this organisation.',
  onlyLenders: 'Only a bank lender has products: brokers offer the products of the lenders that allow them.',
  biddersNotBrokers: 'Allowed bidders must be existing brokers.',
  notOffered: 'Choose a product from the list.',
} as const;

const text = (max: number) => z.string({ error: required }).trim().max(max, maxLengthMessage(max));

export const productFields = z.strictObject({
  product_name: text(productTextMax).min(1, required),
  name: text(productTextMax).min(1, required),
  description: text(productDescriptionMax).nullable().default(null),
  status: z.enum(productStatuses, { error: notAChoice }).default('active'),
  /** Only the allowed bidders (and the lender's own providers) may offer it (docs/products.md "Who may offer a product"). */
  is_restrict: z.boolean({ error: notABoolean }).default(false),
  /** Brokers that may offer a restricted product. */
  allowed_bidders: z
    .array(z.uuid({ error: 'Choose brokers from the list.' }), { error: 'Choose brokers from the list.' })
    .max(500, 'Choose at most 500 brokers.')
    .default([]),
});
export type ProductFieldsInput = z.input<typeof productFields>;
export type ProductFields = z.output<typeof productFields>;

/** What a product holds besides its ids: the fields as saved (events and read model). */
export type ProductDetails = Omit<ProductFields, 'allowed_bidders'>;

/** The base64 of a file of at most `maxFileBytes` (4 characters per 3 bytes). */
const base64MaxLength = Math.ceil(productImportLimits.maxFileBytes / 3) * 4;
export const importTooLarge = `The file must be at most ${productImportLimits.maxFileBytes / 1024 / 1024} MB.`;

/** spec 3 §7 `import_from_csv` with base64 data; `dry_run` answers the preview and writes nothing (docs/products.md). */
export const importProductsBody = z.strictObject({
  operation: z.literal('import_from_csv'),
  file_name: z
    .string({ error: productMessages.csvOnly })
    .trim()
    .max(255, maxLengthMessage(255))
    .refine((name) => name.toLowerCase().includes('.csv'), productMessages.csvOnly),
  data: z
    .string({ error: required })
    .max(base64MaxLength, importTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file could not be read: send it base64-encoded.'),
  dry_run: z.boolean({ error: notABoolean }).default(false),
});
export type ImportProductsBody = z.infer<typeof importProductsBody>;

/** `POST /v2/organisations/{id}/financial_institution_products`: create one (spec 3 §7 operation create) or import. */
export const createProductBody = z.discriminatedUnion(
  'operation',
  [z.strictObject({ operation: z.literal('create'), financial_institution_product: productFields }), importProductsBody],
  { error: 'Choose the operation create or import_from_csv.' },
);
/** `PUT /v2/financial_institution_products/{id}`: the whole product (a field left out takes its default). */
export const updateProductBody = z.strictObject({ financial_institution_product: productFields });

/** What the API answers for one product. */
export const productView = z.object({
  uuid: z.uuid(),
  organisation: z.object({ uuid: z.uuid(), name: z.string(), organisation_type: organisationType }),
  product_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(productStatuses),
  is_restrict: z.boolean(),
  allowed_bidders: z.array(z.uuid()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductView = z.infer<typeof productView>;

export const productSortable = ['product_name', 'name', 'status', 'created_at', 'updated_at'] as const;
const searchText = z.string().trim().max(100, maxLengthMessage(100));
const productFilterFields = {
  /** Part of the product name or name. */
  search: searchText.optional(),
  status: z.enum(productStatuses, { error: notAChoice }).optional(),
};
/** `GET /v2/organisations/{id}/products`: one organisation's products. */
export const organisationProductListQuery = listQuerySchema(productSortable, z.strictObject(productFilterFields));
/** `GET /v2/financial_institution_products`: every organisation's (the admin's Products page). */
export const productListQuery = listQuerySchema(
  productSortable,
  z.strictObject({ ...productFilterFields, organisation_uuid: z.uuid({ error: 'Invalid organisation id.' }).optional() }),
);
export type ProductListQuery = z.infer<typeof productListQuery>;
/** `GET /v2/fsps/{id}/financial_institution_products`: what a provider may offer on a bid, by product name. */
export const offeredProductListQuery = listQuerySchema(productSortable, z.strictObject({ search: searchText.optional() }));
export type OfferedProductListQuery = z.infer<typeof offeredProductListQuery>;

/** A product as the bid form's picker and the bid's pages show it. */
export const offeredProductView = z.object({
  uuid: z.uuid(),
  product_name: z.string(),
  name: z.string(),
  organisation: z.object({ uuid: z.uuid(), name: z.string() }),
});
export type OfferedProductView = z.infer<typeof offeredProductView>;

export const importOutcomes = ['created', 'changed', 'unchanged', 'refused'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

/** The import's (and the preview's) answer: counts, a sample of rows per outcome, and the refused rows as a CSV. */
export const importResultView = z.object({
  success: z.boolean(),
  dry_run: z.boolean(),
  message: z.string(),
  counts: z.object({ created: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), refused: z.number().int() }),
  /** At most `importSampleSize` rows of each outcome, in file order (row 2 is the first under the header). */
  rows: z.array(z.object({ row: z.number().int(), outcome: z.enum(importOutcomes), product_name: z.string(), reason: z.string().nullable() })),
  /** The refused rows with the file's columns, `row` and `reason` (base64 CSV); null when none was refused. */
  error_csv: z.string().nullable(),
});
export type ImportResultView = z.infer<typeof importResultView>;
export const importSampleSize = 50;
