import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { ProductCommand } from './commands';
import { planImport, productDecider, productErrors } from './decider';
import type { ProductEvent } from './events';
import { productKey } from './import-rows';
import { mayOffer } from './offer';
import type { ProductDetails } from './schemas';

const given = specFor(productDecider);
const org = '0b6f9e0a-3c39-4f7e-9a59-8f0f3c2b1a10';
const id = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const other = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const broker = { uuid: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f', organisation_type: 'broker' as const };
const details: ProductDetails = { product_name: 'Basic Variable', name: 'BV-01', description: null, status: 'active', is_restrict: false };

const create = (product_id = id, d: ProductDetails = details, organisation_type: 'financial_institution' | 'broker' = 'financial_institution'): ProductCommand => ({
  type: 'CreateProduct',
  data: { organisation_id: org, organisation_type, product_id, details: d, allowed_bidders: [] },
});
const created = (product_id = id, d: ProductDetails = details): ProductEvent => ({
  type: 'FinancialInstitutionProductCreated',
  data: { organisation_id: org, product_id, ...d, allowed_bidders: [] },
});
const importing = (rows: { product_id: string; product: ProductDetails }[]): ProductCommand => ({
  type: 'ImportProducts',
  data: { organisation_id: org, organisation_type: 'financial_institution', file_name: 'p.csv', rows: rows.map((r, i) => ({ row: i + 2, ...r })) },
});

describe('an organisation’s products', () => {
  it('are created with their details, by a bank lender only', () => {
    expect(given([]).when(create())).toEqual({ ok: true, events: [created()] });
    expect(given([]).when(create(id, details, 'broker'))).toMatchObject({ ok: false, error: { code: productErrors.onlyLenders } });
  });

  it('keep product names unique within the organisation, without case or extra spaces', () => {
    expect(given([created()]).when(create(other, { ...details, product_name: ' basic  variable' }))).toMatchObject({ ok: false, error: { code: productErrors.nameTaken } });
    const rename: ProductCommand = { type: 'ChangeProduct', data: { organisation_id: org, organisation_type: 'financial_institution', product_id: other, details, allowed_bidders: [] } };
    expect(given([created(), created(other, { ...details, product_name: 'Fixed' })]).when(rename)).toMatchObject({ ok: false, error: { code: productErrors.nameTaken } });
  });

  it('record only the fields that changed, and nothing when nothing did', () => {
    const change = (d: ProductDetails, bidders = [broker]): ProductCommand => ({
      type: 'ChangeProduct',
      data: { organisation_id: org, organisation_type: 'financial_institution', product_id: id, details: d, allowed_bidders: bidders },
    });
    expect(given([created()]).when(change({ ...details, is_restrict: true }))).toEqual({
      ok: true,
      events: [{ type: 'FinancialInstitutionProductChanged', data: { organisation_id: org, product_id: id, changes: { is_restrict: true, allowed_bidders: [broker.uuid] } } }],
    });
    expect(given([created()]).when(change(details, []))).toEqual({ ok: true, events: [] });
    expect(given([created()]).when(change(details, [{ uuid: broker.uuid, organisation_type: 'financial_institution' as never }]))).toMatchObject({
      ok: false,
      error: { code: productErrors.bidderNotBroker },
    });
  });

  it('are removed once, and a removed one frees its name', () => {
    const removed: ProductEvent = { type: 'FinancialInstitutionProductRemoved', data: { organisation_id: org, product_id: id } };
    const remove: ProductCommand = { type: 'RemoveProduct', data: { organisation_id: org, product_id: id } };
    expect(given([created()]).when(remove)).toEqual({ ok: true, events: [removed] });
    expect(given([created(), removed]).when(remove)).toMatchObject({ ok: false, error: { code: productErrors.notFound } });
    expect(given([created(), removed]).when(create(other))).toEqual({ ok: true, events: [created(other)] });
  });
});

describe('an import', () => {
  it('creates new product names and changes matched ones in one event; unchanged rows add nothing', () => {
    const rows = [
      { product_id: other, product: { ...details, product_name: 'Fixed 3' } },
      { product_id: '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f80', product: { ...details, product_name: 'BASIC VARIABLE', description: 'Now with offset' } },
    ];
    expect(given([created()]).when(importing(rows))).toEqual({
      ok: true,
      events: [
        {
          type: 'FinancialInstitutionProductsImported',
          data: {
            organisation_id: org,
            file_name: 'p.csv',
            created: [{ product_id: other, ...details, product_name: 'Fixed 3', allowed_bidders: [] }],
            changed: [{ product_id: id, changes: { product_name: 'BASIC VARIABLE', description: 'Now with offset' } }],
          },
        },
      ],
    });
    expect(given([created()]).when(importing([{ product_id: other, product: details }]))).toEqual({ ok: true, events: [] });
  });

  it('property: importing the same rows again creates nothing, and names stay unique', () => {
    const name = fc.constantFrom('A', 'a', 'B', ' b ', 'C', 'Dd');
    const rowsOf = fc.uniqueArray(name, { selector: productKey }).chain((names) =>
      fc.tuple(...names.map((product_name) => fc.record({ product_id: fc.uuid(), product: fc.record({ ...Object.fromEntries(Object.entries(details).map(([k, v]) => [k, fc.constant(v)])), product_name: fc.constant(product_name), status: fc.constantFrom('active' as const, 'inactive' as const) }) as fc.Arbitrary<ProductDetails> }))),
    );
    fc.assert(
      fc.property(fc.array(rowsOf, { minLength: 1, maxLength: 4 }), (imports) => {
        let state = productDecider.initialState();
        for (const rows of imports) {
          const decision = productDecider.decide(importing(rows), state);
          if (!decision.ok) throw new Error(decision.error.message);
          state = decision.events.reduce(productDecider.evolve, state);
          expect(planImport(state, rows.map((r, i) => ({ row: i + 2, ...r }))).created).toEqual([]);
          expect(productDecider.decide(importing(rows), state)).toEqual({ ok: true, events: [] });
          expect(new Set([...state.products.values()].map((p) => productKey(p.product_name))).size).toBe(state.products.size);
        }
      }),
    );
  });
});

describe('who may offer a product', () => {
  const lenderOrg = org;
  const product = { organisation_uuid: lenderOrg, status: 'active' as const, is_restrict: false, allowed_bidders: [] as string[] };
  const lender = { organisation_type: 'financial_institution' as const, allowed_bidders: [broker.uuid] };
  it('is the lender’s own providers and the brokers it allows, or for a restricted product the product’s brokers', () => {
    expect(mayOffer({ product, lender }, lenderOrg)).toBe(true);
    expect(mayOffer({ product, lender }, broker.uuid)).toBe(true);
    expect(mayOffer({ product, lender }, other)).toBe(false);
    expect(mayOffer({ product: { ...product, is_restrict: true }, lender }, broker.uuid)).toBe(false);
    expect(mayOffer({ product: { ...product, is_restrict: true, allowed_bidders: [other] }, lender }, other)).toBe(true);
    expect(mayOffer({ product: { ...product, is_restrict: true }, lender }, lenderOrg)).toBe(true);
  });
  it('never includes an inactive product', () => {
    expect(mayOffer({ product: { ...product, status: 'inactive' }, lender }, lenderOrg)).toBe(false);
  });
});
