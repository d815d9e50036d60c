import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidView } from '../../contracts/bid';
import { bidTemplateView, optionalDocumentsView, requiredDocumentsView } from '../../contracts/bid-template';
import { pdfUploadLimits } from '../../domain/shared/limits';
import { pngDataUrl } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, placeBid, provider, settle, type TestProvider, validBid } from '../support/trade';
import { multipartFile, pdfFile } from '../support/uploads';
import { as, type TestUser } from '../support/users';

// spec 3 §7 "Bid template documents" through HTTP (docs/bid-templates.md "Documents"): required and optional
// documents, the key fact sheet and product disclosure statement uploads, who may change them, and the refusals,
// which write nothing.

let t: TestApp;
let owner: TestProvider;
let viewerColleague: TestProvider;
let stranger: TestProvider;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await provider(t);
  viewerColleague = await provider(t, { organisationUuid: owner.organisationUuid, permissions: { view_bid_templates_within_organisation: true } });
  stranger = await provider(t);
  customer = await t.createUser({ userType: 'customer' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
const upload = (who: Who, url: string, content: Buffer, options: Parameters<typeof multipartFile>[1] = {}) => t.app.inject(as(who, { method: 'POST', url, ...multipartFile(content, options) }));
const { home_loan_bid_template_uuid: _none, ...bid } = validBid('00000000-0000-4000-8000-000000000000');
const payslips = { document_type: 'Bank statements', description: 'The last three months', quantity: 3, mandatory: true };

async function create(who: TestProvider, changes: object = {}) {
  const response = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name: 'Documents', organisation_uuid: who.organisationUuid, ...changes } });
  expect(response.statusCode, response.body).toBe(201);
  return bidTemplateView.parse(response.json());
}
const read = async (id: string) => bidTemplateView.parse((await send(owner, 'GET', `/v4/home_loan_bid_templates/${id}`)).json());
const fileCount = async () => Number((await sql<{ count: string }>`select count(*) as count from files`.execute(t.database.db)).rows[0]!.count);

describe('required documents', () => {
  it('are listed with server ids; added, changed and removed one at a time, and the last one stays', async () => {
    const template = await create(owner);
    const listed = requiredDocumentsView.parse((await send(owner, 'GET', `/v3/home_loan_bid_templates/${template.uuid}/required_documents`)).json()).records;
    expect(listed).toHaveLength(1);
    const first = listed[0]!.uuid;

    const added = await send(owner, 'POST', `/v3/home_loan_bid_templates/${template.uuid}/required_documents`, { required_document: payslips });
    expect(added.statusCode, added.body).toBe(201);
    const documents = bidTemplateView.parse(added.json()).home_loan_bid_template.required_documents;
    expect(documents).toHaveLength(2);
    const second = documents.find((document) => document.document_type === 'Bank statements')!.uuid!;
    expect(second).not.toBe(first);

    const changed = await send(owner, 'PATCH', `/v3/required_documents/${second}`, { required_document: { ...payslips, quantity: 1000, mandatory: false } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(bidTemplateView.parse(changed.json()).home_loan_bid_template.required_documents[1]).toMatchObject({ uuid: second, quantity: 1000, mandatory: false });

    expect((await send(owner, 'DELETE', `/v3/required_documents/${first}`)).statusCode).toBe(200);
    const last = await send(owner, 'DELETE', `/v3/required_documents/${second}`);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({ code: 'BID_TEMPLATE_INVALID', errors: { required_documents: ['Add at least one required document'] } });
    expect((await read(template.uuid)).home_loan_bid_template.required_documents.map((document) => document.uuid)).toEqual([second]);
    expect((await send(owner, 'DELETE', `/v3/required_documents/${first}`)).statusCode).toBe(404);
  });

  it('refuses a quantity outside 1 to 1000, a missing type or mandatory flag, and writes nothing', async () => {
    const template = await create(owner);
    const before = await t.eventCount();
    const url = `/v3/home_loan_bid_templates/${template.uuid}/required_documents`;
    for (const [document, field] of [
      [{ ...payslips, quantity: 0 }, 'required_document.quantity'],
      [{ ...payslips, quantity: 1001 }, 'required_document.quantity'],
      [{ ...payslips, quantity: 2.5 }, 'required_document.quantity'],
      [{ ...payslips, document_type: '' }, 'required_document.document_type'],
      [{ ...payslips, mandatory: 'yes' }, 'required_document.mandatory'],
    ] as const) {
      const refused = await send(owner, 'POST', url, { required_document: document });
      expect(refused.statusCode, JSON.stringify(document)).toBe(422);
      expect(Object.keys(refused.json().errors)).toContain(field);
    }
    expect((await send(owner, 'POST', url, { required_document: { ...payslips, quantity: 1001 } })).json().errors['required_document.quantity']).toEqual(['Max value is 1,000']);
    expect(await t.eventCount()).toBe(before);
    expect((await read(template.uuid)).revision).toBe(0);
  });

  it('a save made from an older revision is 409; a clone gets documents of its own', async () => {
    const template = await create(owner);
    const stale = await send(owner, 'POST', `/v3/home_loan_bid_templates/${template.uuid}/required_documents`, { revision: 5, required_document: payslips });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'BID_TEMPLATE_CHANGED' });
    const source = template.home_loan_bid_template;
    const clone = await send(owner, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...source, name: 'Copy' }, clone_of: template.uuid });
    expect(clone.statusCode, clone.body).toBe(201);
    const copied = bidTemplateView.parse(clone.json()).home_loan_bid_template.required_documents;
    expect(copied.map(({ uuid: _uuid, ...rest }) => rest)).toEqual(source.required_documents.map(({ uuid: _uuid, ...rest }) => rest));
    expect(copied[0]!.uuid).not.toBe(source.required_documents[0]!.uuid);
  });

  it('saving the details unchanged keeps the documents’ ids and records nothing', async () => {
    const template = await create(owner);
    const { required_documents, ...details } = template.home_loan_bid_template;
    const withoutIds = required_documents.map(({ uuid: _uuid, ...rest }) => rest);
    const saved = await send(owner, 'PATCH', `/v4/home_loan_bid_templates/${template.uuid}`, { operation: 'update', home_loan_bid_template: { ...details, required_documents: withoutIds } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bidTemplateView.parse(saved.json())).toMatchObject({ revision: 0, home_loan_bid_template: { required_documents } });
  });
});

describe('injection through document ids and texts', () => {
  it('an id that is not a uuid finds nothing; SQL in a text is kept as text', async () => {
    const template = await create(owner);
    for (const id of ["' or '1'='1", '00000000-0000-4000-8000-000000000000\' or 1=1 --', '%']) {
      const response = await send(owner, 'PATCH', `/v3/required_documents/${encodeURIComponent(id)}`, { required_document: payslips });
      expect(response.statusCode, id).toBe(404);
    }
    const text = "Brochure'); delete from bid_templates; --";
    const added = await send(owner, 'POST', `/v3/home_loan_bid_templates/${template.uuid}/template_optional_documents`, { document: text });
    expect(bidTemplateView.parse(added.json()).home_loan_bid_template.optional_documents).toMatchObject([{ document: text }]);
    expect((await read(template.uuid)).uuid).toBe(template.uuid);
  });
});

describe('optional documents', () => {
  it('are added, listed, changed and removed', async () => {
    const template = await create(owner);
    const url = `/v3/home_loan_bid_templates/${template.uuid}/template_optional_documents`;
    const added = await send(owner, 'POST', url, { document: 'Our home loan brochure: https://bank.example/brochure' });
    expect(added.statusCode, added.body).toBe(201);
    const [listed] = optionalDocumentsView.parse((await send(owner, 'GET', url)).json()).records;
    expect(listed).toMatchObject({ document: 'Our home loan brochure: https://bank.example/brochure' });
    const changed = await send(owner, 'PATCH', `/v3/template_optional_documents/${listed!.uuid}`, { document: 'The 2027 brochure' });
    expect(bidTemplateView.parse(changed.json()).home_loan_bid_template.optional_documents).toEqual([{ uuid: listed!.uuid, document: 'The 2027 brochure' }]);
    expect((await send(owner, 'PATCH', `/v3/template_optional_documents/${listed!.uuid}`, { document: '' })).statusCode).toBe(422);
    const removed = await send(owner, 'DELETE', `/v3/template_optional_documents/${listed!.uuid}`);
    expect(bidTemplateView.parse(removed.json()).home_loan_bid_template.optional_documents).toEqual([]);
    expect((await send(owner, 'DELETE', `/v3/template_optional_documents/${listed!.uuid}`)).statusCode).toBe(404);
  });
});

describe('key fact sheet and product disclosure statement', () => {
  it('a PDF is stored and linked from the template, and served as a PDF', async () => {
    const template = await create(owner);
    const sheet = pdfFile('key facts');
    const uploaded = await upload(owner, `/v3/home_loan_bid_templates/${template.uuid}/key_fact_sheets`, sheet);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const link = bidTemplateView.parse(uploaded.json()).home_loan_bid_template.key_fact_sheets!;
    expect(link).toMatch(/^\/files\/[0-9a-f]{40}$/);
    const served = await t.app.inject({ method: 'GET', url: link });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(sheet)).toBe(true);

    const statement = await upload(owner, `/v3/home_loan_bid_templates/${template.uuid}/product_disclosure_statements`, pdfFile('disclosure'), { filename: 'pds.PDF' });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(bidTemplateView.parse(statement.json()).home_loan_bid_template).toMatchObject({ key_fact_sheets: link, product_disclosure_statement: expect.stringMatching(/^\/files\//) });
  });

  it('refuses a file that is not a PDF, one too large, or no file, and writes nothing', async () => {
    const template = await create(owner);
    const url = `/v3/home_loan_bid_templates/${template.uuid}/key_fact_sheets`;
    const [files, events] = [await fileCount(), await t.eventCount()];
    const png = Buffer.from(pngDataUrl.split(',')[1]!, 'base64');
    const script = Buffer.from('<script>alert(1)</script>');
    for (const content of [png, script, Buffer.from('%PDF-1.4 but never ends')]) {
      const refused = await upload(owner, url, content, { filename: 'key-facts.pdf', contentType: 'application/pdf' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'WRONG_FILE_TYPE', errors: { file: ['Only PDF files are allowed!'] } });
    }
    const tooLarge = Buffer.concat([pdfFile('large'), Buffer.alloc(pdfUploadLimits.maxBytes), Buffer.from('\n%%EOF\n')]);
    const large = await upload(owner, url, tooLarge);
    expect(large.statusCode).toBe(422);
    expect(large.json()).toMatchObject({ code: 'TOO_LARGE', errors: { file: ['The file must be smaller than 10 MB.'] } });
    const none = await send(owner, 'POST', url, { file: 'key-facts.pdf' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'FILE_REQUIRED', errors: { file: ['Choose a PDF file to upload.'] } });
    const garbled = await t.app.inject(as(owner, { method: 'POST', url, payload: '--x\r\nnot a part', headers: { 'content-type': 'multipart/form-data; boundary=x' } }));
    expect(garbled.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbled.statusCode).toBeLessThan(500);
    expect(await fileCount()).toBe(files);
    expect(await t.eventCount()).toBe(events);
    expect((await read(template.uuid)).home_loan_bid_template.key_fact_sheets).toBe(bid.key_fact_sheets ?? null);
  });
});

describe('who may change a template’s documents', () => {
  it('another organisation’s provider finds nothing; a colleague who only sees it is refused; a customer never', async () => {
    const template = await create(owner);
    const documentId = template.home_loan_bid_template.required_documents[0]!.uuid!;
    const [files, events] = [await fileCount(), await t.eventCount()];
    const base = `/v3/home_loan_bid_templates/${template.uuid}`;
    for (const [method, url, payload] of [
      ['GET', `${base}/required_documents`, undefined],
      ['POST', `${base}/required_documents`, { required_document: payslips }],
      ['PATCH', `/v3/required_documents/${documentId}`, { required_document: payslips }],
      ['DELETE', `/v3/required_documents/${documentId}`, undefined],
      ['GET', `${base}/template_optional_documents`, undefined],
      ['POST', `${base}/template_optional_documents`, { document: 'Brochure' }],
    ] as const) {
      expect((await send(stranger, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await send(customer, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await upload(stranger, `${base}/key_fact_sheets`, pdfFile('stranger'))).statusCode).toBe(404);
    expect((await upload(viewerColleague, `${base}/key_fact_sheets`, pdfFile('colleague'))).statusCode).toBe(403);
    expect((await send(viewerColleague, 'POST', `${base}/required_documents`, { required_document: payslips })).statusCode).toBe(403);
    expect((await send(viewerColleague, 'GET', `${base}/required_documents`)).statusCode).toBe(200);
    expect(await fileCount()).toBe(files);
    expect(await t.eventCount()).toBe(events);
  });
});

describe("a bid's optional documents (/v1/home_loan_bid_optional_documents/{id})", () => {
  it('are named by an id of their own, changed and removed by the bid’s provider only', async () => {
    const post = await activePost(t);
    const bidId = await placeBid(t, owner, post.homeLoanId, { optional_documents: [{ document: 'Brochure' }] });
    const placed = bidView.parse((await send(owner, 'GET', `/v4/home_loan_bids/${bidId}`)).json());
    const documentId = placed.home_loan_bid.optional_documents[0]!.uuid!;
    expect(documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await send(stranger, 'PATCH', `/v1/home_loan_bid_optional_documents/${documentId}`, { home_loan_bid_optional_document: { document: 'Mine' } })).statusCode).toBe(404);
    const changed = await send(owner, 'PATCH', `/v1/home_loan_bid_optional_documents/${documentId}`, { home_loan_bid_optional_document: { document: 'The 2027 brochure' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(bidView.parse(changed.json()).home_loan_bid.optional_documents).toEqual([{ uuid: documentId, document: 'The 2027 brochure' }]);
    const removed = await send(owner, 'DELETE', `/v1/home_loan_bid_optional_documents/${documentId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await settle(t, removed.headers['x-position']);
    expect(bidView.parse(removed.json()).home_loan_bid.optional_documents).toEqual([]);
  });
});
