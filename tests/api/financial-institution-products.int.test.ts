import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../application/financial-institution-products/csv-file';
import { bidWarningCodes } from '../../domain/bid/rules';
import { formulaStarts } from '../../domain/financial-institution-product/import-rows';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import { type BadInputCase, expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, provider, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// Financial institution products (issue 30 items 1 and 2; docs/products.md): the admin's routes, the CSV import with
// its preview and error file, who may offer which product on a bid, and the refusals.

let t: TestApp;
/** A bank lender's provider (its organisation owns the products), a broker it allows, and a broker it does not. */
let lender: TestProvider;
let allowedBroker: TestProvider;
let otherBroker: TestProvider;

const header = 'product_name,name,description,status,is_restrict';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const productsPath = (organisation: string) => `/v2/organisations/${organisation}/financial_institution_products`;

async function settled(response: LightMyRequestResponse) {
  const position = typeof response.headers['x-position'] === 'string' ? parsePosition(response.headers['x-position']) : null;
  if (position) await waitForProjections(t.database.db, ['financial_institution_products', 'bids'], position, { timeoutMs: 30_000 });
  return response;
}
const importFile = (organisation: string, text: string, options: { dry_run?: boolean; file_name?: string; by?: TestUser } = {}) => {
  const request = {
    method: 'POST' as const,
    url: productsPath(organisation),
    payload: { operation: 'import_from_csv', file_name: options.file_name ?? 'products.csv', data: base64(text), dry_run: options.dry_run ?? false },
  };
  return (options.by ? t.app.inject(as(options.by, request)) : t.asAdmin(request)).then(settled);
};
const createProduct = (organisation: string, product: Record<string, unknown>) =>
  t.asAdmin({ method: 'POST', url: productsPath(organisation), payload: { operation: 'create', financial_institution_product: product } }).then(settled);
const listOf = async (organisation: string, query = '') => (await t.asAdmin({ method: 'GET', url: `/v2/organisations/${organisation}/products?count=100${query}` })).json();
const decodedCsv = (encoded: string) => {
  const read = readCsv(Buffer.from(encoded, 'base64').toString('utf8'));
  if (!read.ok) throw new Error(read.reason);
  return read.rows;
};

beforeAll(async () => {
  t = await createTestApp();
  lender = await provider(t, { organisationType: 'financial_institution', organisationName: 'Harbour Bank' });
  allowedBroker = await provider(t);
  otherBroker = await provider(t);
  const allowed = await t.asAdmin({ method: 'PATCH', url: `/v2/organisations/${lender.organisationUuid}`, payload: { organisation: { allowed_bidders: [allowedBroker.organisationUuid] } } });
  expect(allowed.statusCode, allowed.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('products of an organisation', () => {
  it('are created, listed, read, saved and removed, with the spec’s texts on the screens', async () => {
    const created = await createProduct(lender.organisationUuid, { product_name: 'Harbour Basic Variable', name: 'HBV-01', description: 'No ongoing fees' });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ product_name: 'Harbour Basic Variable', status: 'active', is_restrict: false, allowed_bidders: [], organisation: { uuid: lender.organisationUuid, name: 'Harbour Bank' } });

    const saved = await t.asAdmin({
      method: 'PUT',
      url: `/v2/financial_institution_products/${product.uuid}`,
      payload: { financial_institution_product: { product_name: 'Harbour Basic Variable', name: 'HBV-02', is_restrict: true, allowed_bidders: [otherBroker.organisationUuid] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'HBV-02', description: null, is_restrict: true, allowed_bidders: [otherBroker.organisationUuid] });

    const all = await t.asAdmin({ method: 'GET', url: `/v2/financial_institution_products?filter[search]=basic&filter[organisation_uuid]=${lender.organisationUuid}` });
    expect(all.json()).toMatchObject({ total_records: 1, result: [{ uuid: product.uuid }] });

    const removed = await settled(await t.asAdmin({ method: 'DELETE', url: `/v2/financial_institution_products/${product.uuid}` }));
    expect(removed.statusCode).toBe(204);
    expect((await t.asAdmin({ method: 'GET', url: `/v2/financial_institution_products/${product.uuid}` })).statusCode).toBe(404);
    // Its name is free again.
    expect((await createProduct(lender.organisationUuid, { product_name: 'harbour basic  variable', name: 'HBV-03' })).statusCode).toBe(201);
  });

  it('keep a product name unique within the organisation, belong to bank lenders only and allow only brokers', async () => {
    await createProduct(lender.organisationUuid, { product_name: 'Harbour Fixed 2', name: 'HF2' });
    const cases: [string, Record<string, unknown>, string, string][] = [
      [lender.organisationUuid, { product_name: 'HARBOUR fixed 2', name: 'X' }, 'financial_institution_product.product_name', 'A product with this product name already exists in this organisation.'],
      [allowedBroker.organisationUuid, { product_name: 'Broker product', name: 'X' }, 'base', 'Only a bank lender has products: brokers offer the products of the lenders that allow them.'],
      [lender.organisationUuid, { product_name: 'P', name: 'X', allowed_bidders: [lender.organisationUuid] }, 'financial_institution_product.allowed_bidders', 'Allowed bidders must be existing brokers.'],
    ];
    for (const [organisation, product, field, message] of cases) {
      const before = await t.eventCount();
      const response = await createProduct(organisation, product);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
      expect(await t.eventCount()).toBe(before);
    }
  });
});

describe('the CSV import', () => {
  const goodAndBad = [
    header,
    'Harbour Offset Variable,HOV,"Offset, redraw",active,no',
    ',NoName,,active,no',
    'Harbour Offset Variable,Again,,active,no',
    '"=HYPERLINK(""http://evil.example"")",X,+cmd|calc,active,maybe',
    'Harbour Green Loan,HGL,-0.10% for green homes,inactive,yes',
    "Robert'); DROP TABLE events;--,SQL,\"' or '1'='1\",active,false",
    '',
  ].join('\r\n');

  it('previews what it would create, change and refuse, writing nothing', async () => {
    const organisation = (await provider(t, { organisationType: 'financial_institution' })).organisationUuid;
    const before = await t.eventCount();
    const preview = await importFile(organisation, goodAndBad, { dry_run: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ dry_run: true, success: false, counts: { created: 3, changed: 0, unchanged: 0, refused: 3 }, message: '3 to create, 0 to change, 0 unchanged, 3 refused.' });
    expect(preview.json().rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'refused'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'created'],
      [7, 'created'],
    ]);
    expect(await t.eventCount()).toBe(before);
    expect((await listOf(organisation)).total_records).toBe(0);
  });

  it('writes the good rows in one event, answers the bad ones as a defanged error file, and a corrected file finishes the job without duplicates', async () => {
    const organisation = (await provider(t, { organisationType: 'financial_institution' })).organisationUuid;
    const before = await t.eventCount();
    const imported = await importFile(organisation, goodAndBad);
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json();
    expect(result).toMatchObject({ success: false, dry_run: false, message: 'Some products not Imported', counts: { created: 3, refused: 3 } });
    expect(await t.eventCount()).toBe(before + 1);
    const list = await listOf(organisation, '&sorting[product_name]=asc');
    expect(list.result.map((p: { product_name: string }) => p.product_name)).toEqual(['Harbour Green Loan', 'Harbour Offset Variable', "Robert'); DROP TABLE events;--"]);
    expect(list.result[0]).toMatchObject({ description: '-0.10% for green homes', status: 'inactive', is_restrict: true });
    // The SQL in the cells is stored as text, and the events table is whole.
    expect(list.result[2].description).toBe("' or '1'='1");
    expect(Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.database.db)).rows[0]!.n)).toBeGreaterThan(0);

    const errorRows = decodedCsv(result.error_csv);
    expect(errorRows).toEqual([
      ['product_name', 'name', 'description', 'status', 'is_restrict', 'row', 'reason'],
      ['', 'NoName', '', 'active', 'no', '3', 'product_name: This field is required'],
      ['Harbour Offset Variable', 'Again', '', 'active', 'no', '4', 'product_name: The same product name is on row 2.'],
      ["'=HYPERLINK(\"http://evil.example\")", 'X', "'+cmd|calc", 'active', 'maybe', '5', 'is_restrict: Should be true or false'],
    ]);
    for (const cell of errorRows.flat()) expect(formulaStarts.some((start) => cell.startsWith(start))).toBe(false);

    // The admin corrects the error file in a spreadsheet (its row and reason columns stay) and imports it again.
    const corrected = [
      errorRows[0]!.join(','),
      'Harbour First Home,FH,,active,no,3,product_name: This field is required',
      '"Harbour Offset Variable","Offset v2","",active,no,4,dup',
      `"'=HYPERLINK(""http://evil.example"")",X,'+cmd|calc,active,no,5,fixed`,
    ].join('\n');
    const again = await importFile(organisation, corrected, { file_name: 'products-errors.csv' });
    expect(again.json()).toMatchObject({ success: true, message: 'Product Imported.', counts: { created: 2, changed: 1, unchanged: 0, refused: 0 }, error_csv: null });
    const after = await listOf(organisation);
    expect(after.total_records).toBe(5);
    expect(after.result.find((p: { product_name: string }) => p.product_name.startsWith('=HYPERLINK'))).toMatchObject({ description: '+cmd|calc' });

    // The first file once more: nothing new, nothing twice.
    const replayed = await importFile(organisation, goodAndBad);
    expect(replayed.json().counts).toEqual({ created: 0, changed: 1, unchanged: 2, refused: 3 });
    expect((await listOf(organisation)).total_records).toBe(5);
  });

  it('refuses a file that is no .csv, too large, not base64 or without products, and a caller who is not an admin, writing nothing', async () => {
    const organisation = lender.organisationUuid;
    const post = (body: Record<string, unknown>) => JSON.stringify({ operation: 'import_from_csv', file_name: 'p.csv', data: base64(`${header}\nA,B,,active,no\n`), ...body });
    const url = productsPath(organisation);
    const cases: BadInputCase[] = [
      { name: 'not a .csv', method: 'POST', url, payload: post({ file_name: 'products.xlsx' }), status: 422, field: 'file_name', message: 'Only a .csv file can be imported.' },
      { name: 'no file name', method: 'POST', url, payload: post({ file_name: undefined }), status: 422, field: 'file_name' },
      { name: 'not base64', method: 'POST', url, payload: post({ data: 'not base64!' }), status: 422, field: 'data' },
      { name: 'too large', method: 'POST', url, payload: post({ data: 'A'.repeat(2_800_000) }), status: 422, field: 'data', message: 'The file must be at most 2 MB.' },
      { name: 'missing columns', method: 'POST', url, payload: post({ data: base64('product_name,name\nA,B\n') }), status: 422, field: 'data' },
      { name: 'not a CSV', method: 'POST', url, payload: post({ data: base64(`${header}\n"A,B,,active,no\n`) }), status: 422, field: 'data' },
      { name: 'unknown operation', method: 'POST', url, payload: post({ operation: 'import_from_xls' }), status: 422 },
      { name: 'unknown organisation', method: 'POST', url: productsPath('7d4e1c7a-0b8f-4a51-9d0e-3f2a1b4c5d6e'), payload: post({}), status: 404 },
      { name: 'a broker', method: 'POST', url: productsPath(allowedBroker.organisationUuid), payload: post({}), status: 422, field: 'base' },
      { name: 'create without a name', method: 'POST', url, payload: JSON.stringify({ operation: 'create', financial_institution_product: { product_name: 'X' } }), status: 422, field: 'financial_institution_product.name' },
      { name: 'save a missing product', method: 'PUT', url: '/v2/financial_institution_products/7d4e1c7a-0b8f-4a51-9d0e-3f2a1b4c5d6e', payload: JSON.stringify({ financial_institution_product: { product_name: 'X', name: 'Y' } }), status: 404 },
    ];
    for (const c of cases) await expectRefused(t, c);

    // A provider of the organisation itself (and of another one) may not import: only admins administer products.
    for (const who of [lender, allowedBroker]) {
      const before = await t.eventCount();
      const response = await importFile(organisation, `${header}\nSneaky,S,,active,no\n`, { by: who });
      expect(response.statusCode).toBe(403);
      expect(await t.eventCount()).toBe(before);
    }
  });
});

describe('a bid’s product', () => {
  let open: Awaited<ReturnType<typeof activePost>>;
  let everyone: string;
  let restricted: string;
  let inactive: string;
  let restrictedToOther: string;

  beforeAll(async () => {
    open = await activePost(t);
    const lines = [header, 'Open Variable,OV,,active,no', 'Restricted Fixed,RF,,active,yes', 'Old Product,OP,,inactive,no', 'Other Brokers Only,OB,,active,yes'];
    const imported = await importFile(lender.organisationUuid, lines.join('\n'));
    expect(imported.json().counts.created).toBe(4);
    const byName = new Map<string, string>((await listOf(lender.organisationUuid)).result.map((p: { product_name: string; uuid: string }) => [p.product_name, p.uuid]));
    const uuidOf = (name: string) => byName.get(name) ?? '';
    [everyone, restricted, inactive, restrictedToOther] = [uuidOf('Open Variable'), uuidOf('Restricted Fixed'), uuidOf('Old Product'), uuidOf('Other Brokers Only')];
    const other = await t.asAdmin({
      method: 'PUT',
      url: `/v2/financial_institution_products/${restrictedToOther}`,
      payload: { financial_institution_product: { product_name: 'Other Brokers Only', name: 'OB', is_restrict: true, allowed_bidders: [otherBroker.organisationUuid] } },
    });
    await settled(other);
  }, 120_000);

  const offered = async (who: TestProvider) => {
    const response = await t.app.inject(as(who, { method: 'GET', url: `/v2/fsps/${who.id}/financial_institution_products?count=100` }));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().result as { uuid: string }[]).map((p) => p.uuid);
  };
  const bidWith = (who: TestProvider, product: string) =>
    t.app.inject(
      as(who, {
        method: 'POST',
        url: `/v4/home_loans/${open.homeLoanId}/bids`,
        payload: { home_loan_bid: validBid(who.organisationUuid, { financial_institution_product: product }), confirmed_warnings: [...bidWarningCodes] },
      }),
    );

  it('is one the provider may offer: the picker lists exactly those, and the bid refuses the others', async () => {
    const candidates = [everyone, restricted, inactive, restrictedToOther];
    const expected: [TestProvider, string[]][] = [
      [lender, [everyone, restricted, restrictedToOther]],
      [allowedBroker, [everyone]],
      [otherBroker, [restrictedToOther]],
    ];
    for (const [who, mayOffer] of expected) {
      expect((await offered(who)).filter((uuid) => candidates.includes(uuid)).sort()).toEqual([...mayOffer].sort());
      for (const product of candidates.filter((uuid) => !mayOffer.includes(uuid))) {
        const refused = await bidWith(who, product);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().errors['home_loan_bid.financial_institution_product']).toEqual(['Choose a product from the list.']);
      }
    }
  });

  it('is stored with the bid and named on its pages', async () => {
    const placed = await settled(await bidWith(allowedBroker, everyone));
    expect(placed.statusCode, placed.body).toBe(201);
    const read = await t.app.inject(as(allowedBroker, { method: 'GET', url: `/v4/home_loan_bids/${placed.json().uuid}` }));
    expect(read.json()).toMatchObject({
      home_loan_bid: { financial_institution_product: everyone },
      financial_institution_product: { uuid: everyone, product_name: 'Open Variable', name: 'OV', organisation: { uuid: lender.organisationUuid, name: 'Harbour Bank' } },
    });
  });

  it('is one the owner may offer on a bid template too', async () => {
    const template = (product: string) => {
      const { home_loan_bid_template_uuid: _none, ...bid } = validBid(allowedBroker.organisationUuid, { financial_institution_product: product });
      return t.app.inject(as(allowedBroker, { method: 'POST', url: '/v4/home_loan_bid_templates', payload: { home_loan_bid_template: { ...bid, name: 'With a product' } } }));
    };
    const refused = await template(restricted);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.entries(refused.json().errors)).toEqual([[expect.stringMatching(/financial_institution_product$/), ['Choose a product from the list.']]]);
    expect((await template(everyone)).statusCode).toBe(201);
  });

  it('only the provider itself or an admin asks what a provider may offer', async () => {
    expect((await t.app.inject(as(allowedBroker, { method: 'GET', url: `/v2/fsps/${lender.id}/financial_institution_products` }))).statusCode).toBe(403);
    const forAdmin = await t.asAdmin({ method: 'GET', url: `/v2/fsps/${allowedBroker.id}/financial_institution_products?filter[search]=open` });
    expect(forAdmin.json()).toMatchObject({ total_records: 1, result: [{ uuid: everyone }] });
  });
});
