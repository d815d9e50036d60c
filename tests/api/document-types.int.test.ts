import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTypeList, documentTypeView } from '../../contracts/document-type';
import { bidWarningCodes } from '../../domain/bid/rules';
import { expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, placeBid, provider, settle, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// spec 1 §7 "Document types" through HTTP (docs/document-types.md): the seeded list, admins adding, renaming and
// deleting, providers reading, a type in use kept, and bids and templates choosing only listed types.

let t: TestApp;
let bank: TestProvider;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  bank = await provider(t);
  customer = await t.createUser({ userType: 'customer' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
async function add(name: string) {
  const response = await send(t.admin, 'POST', '/v2/document_types', { document_type: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return documentTypeView.parse(response.json());
}
const names = async (who: Who = bank) => ((await send(who, 'GET', '/v1/document_types')).json().result as { name: string }[]).map((type) => type.name);

describe('the document types list', () => {
  it('starts with the types bids had before, for providers and admins to read; customers do not list them', async () => {
    expect(await names()).toEqual(expect.arrayContaining(['Payslips', 'Bank statements', 'Tax returns', 'Other']));
    const page = await send(bank, 'GET', '/v2/document_types?count=3&page=2');
    expect(page.statusCode, page.body).toBe(200);
    const list = documentTypeList.parse(page.json());
    expect(list.total_records).toBeGreaterThanOrEqual(10);
    expect(list.result).toHaveLength(3);
    const found = documentTypeList.parse((await send(t.admin, 'GET', '/v2/document_types?filter[name]=STATEMENT')).json()).result.map((type) => type.name);
    expect(found).toEqual(['Bank statements', 'Current loan statements']);
    expect((await send(customer, 'GET', '/v2/document_types')).statusCode).toBe(403);
    expect((await send(bank, 'GET', `/v2/document_types/${list.result[0]!.uuid}`)).json()).toEqual(list.result[0]);
  });

  it('admins add, rename and delete a type; names are unique whatever their case; providers cannot change them', async () => {
    const added = await add('Proof of residency');
    expect(await names()).toContain('Proof of residency');
    const taken = await send(t.admin, 'POST', '/v2/document_types', { document_type: { name: '  proof of RESIDENCY ' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'DOCUMENT_TYPE_NAME_TAKEN', errors: { 'document_type.name': ['A document type with this name already exists.'] } });
    expect((await send(bank, 'POST', '/v2/document_types', { document_type: { name: 'Mine' } })).statusCode).toBe(403);
    expect((await send(bank, 'DELETE', `/v2/document_types/${added.uuid}`)).statusCode).toBe(403);

    const renamed = await send(t.admin, 'PATCH', `/v2/document_types/${added.uuid}`, { document_type: { name: 'Proof of address' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(documentTypeView.parse(renamed.json()).name).toBe('Proof of address');
    const deleted = await send(t.admin, 'DELETE', `/v2/document_types/${added.uuid}`);
    expect(deleted.statusCode).toBe(204);
    await settle(t, deleted.headers['x-position']);
    expect((await send(t.admin, 'GET', `/v2/document_types/${added.uuid}`)).statusCode).toBe(404);
    expect(await names()).not.toContain('Proof of address');
  });

  it('refuses bad names and writes nothing', async () => {
    for (const [payload, field, message] of [
      ['{"document_type":{"name":""}}', 'document_type.name', 'This field is required'],
      ['{"document_type":{"name":"   "}}', 'document_type.name', 'This field is required'],
      [JSON.stringify({ document_type: { name: 'x'.repeat(101) } }), 'document_type.name', 'Should be at most 100 characters'],
      ['{"document_type":{}}', 'document_type.name', undefined],
      ['{"name":"Payslips"}', 'name', undefined],
      ["{\"document_type\":{\"name\":\"x'; drop table document_types; --\",\"id\":1}}", 'document_type.id', undefined],
    ] as const) {
      await expectRefused(t, { name: payload, method: 'POST', url: '/v2/document_types', payload, status: 422, field, ...(message ? { message } : {}) });
    }
    await expectRefused(t, { name: 'malformed', method: 'POST', url: '/v2/document_types', payload: '{"document_type":', status: 400 });
    await expectRefused(t, { name: 'unknown', method: 'DELETE', url: '/v2/document_types/00000000-0000-4000-8000-000000000000', status: 404 });
    await expectRefused(t, { name: 'not a uuid', method: 'PATCH', url: "/v2/document_types/1' or '1'='1", payload: '{"document_type":{"name":"X"}}', status: 404 });
    expect(await names()).toContain('Payslips');
  });
});

describe('documents choose from the list', () => {
  it('a bid or a template naming a type not listed is refused; a type a bid or template uses is neither renamed nor deleted', async () => {
    const forBids = await add('Rental ledger');
    const forTemplates = await add('Business activity statements');
    const post = await activePost(t);
    const document = (document_type: string) => ({ document_type, description: null, quantity: 1, mandatory: true });

    const before = await t.eventCount();
    const unknownBid = await send(bank, 'POST', `/v4/home_loans/${post.homeLoanId}/bids`, { home_loan_bid: validBid(bank.organisationUuid, { required_documents: [document('Horoscope')] }), confirmed_warnings: [...bidWarningCodes] });
    expect(unknownBid.statusCode).toBe(422);
    expect(unknownBid.json().errors['home_loan_bid.required_documents.0.document_type']).toEqual(['Choose one of the listed document types.']);
    const { home_loan_bid_template_uuid: _none, ...details } = validBid(bank.organisationUuid, { required_documents: [document('Horoscope')] });
    const unknownTemplate = await send(bank, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...details, name: 'Unknown type' } });
    expect(unknownTemplate.statusCode).toBe(422);
    expect(unknownTemplate.json().errors['home_loan_bid_template.required_documents.0.document_type']).toEqual(['Choose one of the listed document types.']);
    expect(await t.eventCount()).toBe(before);

    await placeBid(t, bank, post.homeLoanId, { required_documents: [document('Rental ledger')] });
    const template = await send(bank, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...details, name: 'Known type', required_documents: [document('Payslips')] } });
    expect(template.statusCode, template.body).toBe(201);
    const unknownDocument = await send(bank, 'POST', `/v3/home_loan_bid_templates/${template.json().uuid}/required_documents`, { required_document: document('Horoscope') });
    expect(unknownDocument.json()).toMatchObject({ code: 'BID_TEMPLATE_INVALID', errors: { 'required_document.document_type': ['Choose one of the listed document types.'] } });
    const added = await send(bank, 'POST', `/v3/home_loan_bid_templates/${template.json().uuid}/required_documents`, { required_document: document('Business activity statements') });
    expect(added.statusCode, added.body).toBe(201);
    await settle(t, added.headers['x-position']);

    for (const type of [forBids, forTemplates]) {
      const deleting = await send(t.admin, 'DELETE', `/v2/document_types/${type.uuid}`);
      expect(deleting.statusCode, type.name).toBe(409);
      expect(deleting.json()).toMatchObject({ code: 'DOCUMENT_TYPE_IN_USE', detail: 'This document type is used by bids or bid templates, so it cannot be deleted.' });
      const renaming = await send(t.admin, 'PATCH', `/v2/document_types/${type.uuid}`, { document_type: { name: `${type.name} (old)` } });
      expect(renaming.statusCode).toBe(409);
      expect(renaming.json().detail).toBe('This document type is used by bids or bid templates, so it cannot be renamed.');
    }
    expect(await names()).toEqual(expect.arrayContaining(['Rental ledger', 'Business activity statements']));
  });
});
