import type { BidderCandidate } from '../organisation/commands';
import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import type { ChangeProduct, CreateProduct, ImportProducts, ProductCommand, RemoveProduct } from './commands';
import type { ProductEvent, ProductRecord } from './events';
import { type ImportRow, productKey } from './import-rows';
import { type ProductDetails, productMessages } from './schemas';

/** An organisation's products (removed ones left out) and the index of their natural key, the product name. */
export type CatalogueState = { products: ReadonlyMap<string, ProductRecord>; names: ReadonlyMap<string, string> };

export const productErrors = {
  notFound: 'PRODUCT_NOT_FOUND',
  alreadyExists: 'PRODUCT_ALREADY_EXISTS',
  nameTaken: 'PRODUCT_NAME_TAKEN',
  onlyLenders: 'PRODUCT_ONLY_FOR_LENDERS',
  bidderNotBroker: 'PRODUCT_BIDDER_NOT_BROKER',
} as const;

const initialState = (): CatalogueState => ({ products: new Map(), names: new Map() });

const detailKeys = ['product_name', 'name', 'description', 'status', 'is_restrict'] as const satisfies readonly (keyof ProductDetails)[];

/** The fields of `next` that differ from `current`. */
function changedDetails(current: ProductDetails, next: ProductDetails): Partial<ProductDetails> {
  const changes: Partial<ProductDetails> = {};
  for (const key of detailKeys) if (next[key] !== current[key]) Object.assign(changes, { [key]: next[key] });
  return changes;
}

/** What an import of `rows` does to the catalogue: products to create, fields to change, rows that change nothing. */
export type ImportPlan = {
  created: (ImportRow & { product_id: string })[];
  changed: (ImportRow & { product_id: string; changes: Partial<ProductDetails> })[];
  unchanged: ImportRow[];
};

/**
 * Matches each row to a product by its natural key (the product name within the organisation, docs/products.md):
 * a match is changed where its fields differ, anything else is created. The rows' product names are distinct
 * (./import-rows.ts refuses a repeat), so two rows never meet one product. The preview answers this plan.
 */
export function planImport(state: CatalogueState, rows: readonly (ImportRow & { product_id: string })[]): ImportPlan {
  const plan: ImportPlan = { created: [], changed: [], unchanged: [] };
  for (const row of rows) {
    const existing = state.names.get(productKey(row.product.product_name));
    if (existing === undefined) {
      plan.created.push(row);
      continue;
    }
    const changes = changedDetails(state.products.get(existing)!, row.product);
    if (Object.keys(changes).length === 0) plan.unchanged.push({ row: row.row, product: row.product });
    else plan.changed.push({ ...row, product_id: existing, changes });
  }
  return plan;
}

const onlyLenders = () => reject<ProductEvent>(productErrors.onlyLenders, productMessages.onlyLenders);
const notFound = () => reject<ProductEvent>(productErrors.notFound, 'Product not found.');

/** The brokers named, without repeats; null when one is not an existing broker. */
function brokersOf(candidates: readonly BidderCandidate[]): string[] | null {
  if (candidates.some((c) => c.organisation_type !== 'broker')) return null;
  return [...new Set(candidates.map((c) => c.uuid))];
}

/** The product named `productName` other than `productId`, if any. */
const holderOf = (state: CatalogueState, productName: string, productId: string) => {
  const holder = state.names.get(productKey(productName));
  return holder !== undefined && holder !== productId ? holder : null;
};

function create(command: CreateProduct, state: CatalogueState): Decision<ProductEvent> {
  const { organisation_id, organisation_type, product_id, details } = command.data;
  if (organisation_type !== 'financial_institution') return onlyLenders();
  if (state.products.has(product_id)) return reject(productErrors.alreadyExists, 'This product already exists.');
  if (holderOf(state, details.product_name, product_id)) return reject(productErrors.nameTaken, productMessages.nameTaken);
  const allowed_bidders = brokersOf(command.data.allowed_bidders);
  if (!allowed_bidders) return reject(productErrors.bidderNotBroker, productMessages.biddersNotBrokers);
  return accept({ type: 'FinancialInstitutionProductCreated', data: { organisation_id, product_id, ...details, allowed_bidders } });
}

function change(command: ChangeProduct, state: CatalogueState): Decision<ProductEvent> {
  const { organisation_id, product_id, details } = command.data;
  const current = state.products.get(product_id);
  if (!current) return notFound();
  if (holderOf(state, details.product_name, product_id)) return reject(productErrors.nameTaken, productMessages.nameTaken);
  const allowed_bidders = brokersOf(command.data.allowed_bidders);
  if (!allowed_bidders) return reject(productErrors.bidderNotBroker, productMessages.biddersNotBrokers);
  const changes: Partial<Omit<ProductRecord, 'product_id'>> = changedDetails(current, details);
  const sameBidders = allowed_bidders.length === current.allowed_bidders.length && allowed_bidders.every((uuid) => current.allowed_bidders.includes(uuid));
  if (!sameBidders) changes.allowed_bidders = allowed_bidders;
  if (Object.keys(changes).length === 0) return accept();
  return accept({ type: 'FinancialInstitutionProductChanged', data: { organisation_id, product_id, changes } });
}

function remove(command: RemoveProduct, state: CatalogueState): Decision<ProductEvent> {
  if (!state.products.has(command.data.product_id)) return notFound();
  return accept({ type: 'FinancialInstitutionProductRemoved', data: command.data });
}

/** The accepted rows in one event (written together or not at all); nothing when no row changes anything. */
function importRows(command: ImportProducts, state: CatalogueState): Decision<ProductEvent> {
  const { organisation_id, organisation_type, file_name, rows } = command.data;
  if (organisation_type !== 'financial_institution') return onlyLenders();
  const plan = planImport(state, rows);
  if (plan.created.length === 0 && plan.changed.length === 0) return accept();
  return accept({
    type: 'FinancialInstitutionProductsImported',
    data: {
      organisation_id,
      file_name,
      created: plan.created.map(({ product_id, product }) => ({ product_id, ...product, allowed_bidders: [] })),
      changed: plan.changed.map(({ product_id, changes }) => ({ product_id, changes })),
    },
  });
}

function decide(command: ProductCommand, state: CatalogueState): Decision<ProductEvent> {
  switch (command.type) {
    case 'CreateProduct':
      return create(command, state);
    case 'ChangeProduct':
      return change(command, state);
    case 'RemoveProduct':
      return remove(command, state);
    case 'ImportProducts':
      return importRows(command, state);
    default:
      return assertNever(command);
  }
}

/** The catalogue with `records` put in (new or replacing), keeping the name index right. */
function withProducts(state: CatalogueState, records: readonly ProductRecord[]): CatalogueState {
  const products = new Map(state.products);
  const names = new Map(state.names);
  for (const record of records) {
    const before = products.get(record.product_id);
    if (before) names.delete(productKey(before.product_name));
    products.set(record.product_id, record);
    names.set(productKey(record.product_name), record.product_id);
  }
  return { products, names };
}

function evolve(state: CatalogueState, event: ProductEvent): CatalogueState {
  switch (event.type) {
    case 'FinancialInstitutionProductCreated': {
      const { organisation_id: _organisation, ...record } = event.data;
      return withProducts(state, [record]);
    }
    case 'FinancialInstitutionProductChanged': {
      const current = state.products.get(event.data.product_id);
      return current ? withProducts(state, [{ ...current, ...event.data.changes }]) : state;
    }
    case 'FinancialInstitutionProductRemoved': {
      const current = state.products.get(event.data.product_id);
      if (!current) return state;
      const products = new Map(state.products);
      const names = new Map(state.names);
      products.delete(current.product_id);
      names.delete(productKey(current.product_name));
      return { products, names };
    }
    case 'FinancialInstitutionProductsImported': {
      const changed = event.data.changed.flatMap(({ product_id, changes }) => {
        const current = state.products.get(product_id);
        return current ? [{ ...current, ...changes }] : [];
      });
      return withProducts(state, [...changed, ...event.data.created]);
    }
    default:
      return assertNever(event);
  }
}

export const productDecider: Decider<CatalogueState, ProductCommand, ProductEvent> = { initialState, decide, evolve };
