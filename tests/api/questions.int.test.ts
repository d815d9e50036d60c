import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { START } from '../../infrastructure/event-store/event-store';
import { waitForProjections } from '../../projections/projection-status';
import { createTestApp, type TestApp } from '../support/test-app';
import { type BadInputCase, expectRefused } from '../support/bad-input';

const base = `/v1/products/${homeLoanProduct.uuid}/questions`;
const unknownUuid = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
/** The last X-Position answered, sent back so reads see every change made so far (read-your-writes). */
let lastPosition: string | undefined;

beforeAll(async () => {
  t = await createTestApp();
  // The first tests read before anything is written: wait until the read model's first build is live.
  expect(await waitForProjections(t.database.db, ['questions'], START, { timeoutMs: 20_000 })).toBe(true);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(method: Method, url: string, payload?: unknown) {
  const response = await t.asAdmin({
    method,
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(method === 'GET' && lastPosition ? { headers: { 'x-min-position': lastPosition } } : {}),
  });
  const position = response.headers['x-position'];
  if (typeof position === 'string') lastPosition = position;
  return response;
}

async function create(description: string): Promise<string> {
  const response = await call('POST', base, { question: { description } });
  expect(response.statusCode).toBe(201);
  return response.json().uuid;
}

/** Descriptions in list order, with their positions. */
async function order(query = '') {
  const response = await call('GET', `${base}?count=100${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().result.map((q: { description: string; position: number }) => `${q.position}:${q.description}`);
}

/** Removes every question, so a test starts from an empty list. */
async function removeAll() {
  for (const q of (await call('GET', `${base}?count=100`)).json().result as { uuid: string }[]) {
    expect((await call('DELETE', `${base}/${q.uuid}`)).statusCode).toBe(204);
  }
}

describe('questions API', () => {
  beforeEach(removeAll);

  it('creates, lists, reads, changes, toggles and removes a question', async () => {
    const created = await call('POST', base, { question: { description: '  Do you lend to self-employed customers?  ' } });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    // Trimmed, active, last.
    expect(body).toMatchObject({ description: 'Do you lend to self-employed customers?', status: 'active', position: 1 });
    expect(created.headers['x-position']).toMatch(/^\d+\.\d+$/);

    const list = await call('GET', `${base}?status=active`);
    expect(list.json()).toMatchObject({ total_records: 1, result: [{ uuid: body.uuid, position: 1 }] });

    const read = await call('GET', `${base}/${body.uuid}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);

    const changed = await call('PATCH', `${base}/${body.uuid}`, { question: { description: 'Do you lend to contractors?' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'Do you lend to contractors?', status: 'active' });

    const deactivated = await call('PATCH', `${base}/${body.uuid}`, { question: { status: 'inactive' } });
    expect(deactivated.json()).toMatchObject({ status: 'inactive', position: 1 });
    expect((await call('GET', `${base}?status=active`)).json().total_records).toBe(0);
    expect((await call('GET', `${base}?status=inactive`)).json()).toMatchObject({ total_records: 1, result: [{ uuid: body.uuid }] });
    expect((await call('PATCH', `${base}/${body.uuid}`, { question: { status: 'active' } })).json().status).toBe('active');

    const before = await t.eventCount();
    const unchanged = await call('PATCH', `${base}/${body.uuid}`, { question: { status: 'active' } });
    expect(unchanged.statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before);

    expect((await call('DELETE', `${base}/${body.uuid}`)).statusCode).toBe(204);
    expect((await call('GET', `${base}/${body.uuid}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${body.uuid}`)).statusCode).toBe(404);
    expect((await call('PATCH', `${base}/${body.uuid}`, { question: { status: 'inactive' } })).statusCode).toBe(404);
  });

  it('keeps positions 1..n: new questions go last, a removal closes the gap', async () => {
    const [a, b] = [await create('Alpha?'), await create('Bravo?'), await create('Charlie?')];
    expect(await order()).toEqual(['1:Alpha?', '2:Bravo?', '3:Charlie?']);
    await call('DELETE', `${base}/${a}`);
    expect(await order()).toEqual(['1:Bravo?', '2:Charlie?']);
    await create('Delta?');
    expect(await order()).toEqual(['1:Bravo?', '2:Charlie?', '3:Delta?']);
    // An inactive question keeps its place, so it comes back where it was.
    await call('PATCH', `${base}/${b}`, { question: { status: 'inactive' } });
    expect(await order('&status=active')).toEqual(['2:Charlie?', '3:Delta?']);
    expect(await order('&status=inactive')).toEqual(['1:Bravo?']);
  });

  it('reorders in bulk: the named questions take their positions, the others keep their order', async () => {
    const [a, b, c, d] = [await create('Alpha?'), await create('Bravo?'), await create('Charlie?'), await create('Delta?')];

    const toTop = await call('PATCH', base, { questions: [{ uuid: d, position: 1 }] });
    expect(toTop.statusCode).toBe(200);
    expect(toTop.headers['x-position']).toMatch(/^\d+\.\d+$/);
    expect(toTop.json()).toEqual({ questions: [{ uuid: d, position: 1 }, { uuid: a, position: 2 }, { uuid: b, position: 3 }, { uuid: c, position: 4 }] });
    expect(await order()).toEqual(['1:Delta?', '2:Alpha?', '3:Bravo?', '4:Charlie?']);

    // The active list hides Alpha; swapping the neighbours Delta and Bravo leaves Alpha where it is.
    await call('PATCH', `${base}/${a}`, { question: { status: 'inactive' } });
    await call('PATCH', base, { questions: [{ uuid: b, position: 1 }, { uuid: d, position: 3 }] });
    expect(await order('&status=active')).toEqual(['1:Bravo?', '3:Delta?', '4:Charlie?']);

    // A full order, as a drag-and-drop list would send it.
    await call('PATCH', base, { questions: [a, b, c, d].map((uuid, i) => ({ uuid, position: i + 1 })) });
    expect(await order()).toEqual(['1:Alpha?', '2:Bravo?', '3:Charlie?', '4:Delta?']);

    const before = await t.eventCount();
    const same = await call('PATCH', base, { questions: [{ uuid: a, position: 1 }] });
    expect(same.statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses a reorder beyond the list or naming an unknown question, and writes nothing', async () => {
    const [a, b] = [await create('Alpha?'), await create('Bravo?')];
    const before = await t.eventCount();

    const beyond = await call('PATCH', base, { questions: [{ uuid: a, position: 3 }] });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json()).toMatchObject({ code: 'QUESTION_POSITIONS_INVALID', errors: { questions: ['Positions go from 1 to 2.'] } });

    const unknown = await call('PATCH', base, { questions: [{ uuid: b, position: 1 }, { uuid: unknownUuid, position: 2 }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'QUESTION_NOT_FOUND' });

    expect(await t.eventCount()).toBe(before);
    expect(await order()).toEqual(['1:Alpha?', '2:Bravo?']);
  });

  it('pages, sorts and searches the list (by position unless sorted; ? and . allowed in the search)', async () => {
    for (const letter of ['E', 'D', 'C', 'B', 'A']) await create(`${letter} question. Really?`);
    const page2 = (await call('GET', `${base}?count=2&page=2`)).json();
    expect(page2.total_records).toBe(5);
    expect(page2.result.map((q: { description: string }) => q.description[0])).toEqual(['C', 'B']);
    const byText = (await call('GET', `${base}?count=2&sorting[description]=asc`)).json();
    expect(byText.result.map((q: { description: string }) => q.description[0])).toEqual(['A', 'B']);
    const found = (await call('GET', `${base}?filter[description]=${encodeURIComponent('c question. really?')}`)).json();
    expect(found).toMatchObject({ total_records: 1, result: [{ description: 'C question. Really?' }] });
    // Matched literally: an underscore is not a wildcard.
    expect((await call('GET', `${base}?filter[description]=C_question`)).json().total_records).toBe(0);
  });

  it('concurrent changes to one product never break the order: each is applied or refused with 409', async () => {
    const first = await create('First?');
    const responses = await Promise.all([
      ...['One?', 'Two?', 'Three?', 'Four?'].map((description) => t.asAdmin({ method: 'POST', url: base, payload: { question: { description } } })),
      t.asAdmin({ method: 'PATCH', url: base, payload: { questions: [{ uuid: first, position: 1 }] } }),
    ]);
    for (const r of responses) expect([200, 201, 409]).toContain(r.statusCode);
    const created = responses.filter((r) => r.statusCode === 201).length;
    expect(created).toBeGreaterThan(0);
    const positions = (await order()).map((entry: string) => Number(entry.split(':')[0]));
    expect(positions).toEqual(Array.from({ length: created + 1 }, (_, i) => i + 1));
  });

  it('keeps products apart: a question is not found under another product', async () => {
    const uuid = await create('Alpha?');
    expect((await call('GET', `/v1/products/${unknownUuid}/questions/${uuid}`)).statusCode).toBe(404);
    expect((await call('GET', `/v1/products/${unknownUuid}/questions`)).json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.asAdmin({ method: 'GET', url: '/docs/json' })).json();
    const paths = Object.keys(document.paths);
    expect(paths).toContain('/v1/products/{product_uuid}/questions');
    expect(paths).toContain('/v1/products/{product_uuid}/questions/{uuid}');
    expect(Object.keys(document.paths['/v1/products/{product_uuid}/questions'])).toEqual(expect.arrayContaining(['get', 'post', 'patch']));
    expect(Object.keys(document.paths['/v1/products/{product_uuid}/questions/{uuid}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
  });
});

describe('questions API, bad input', () => {
  describe('a clear 4xx problem, never a 5xx, nothing written', () => {
    // The question's uuid is known only once the hook below has run; the cases name it with this placeholder.
    const existing = 'EXISTING-QUESTION';
    let existingUuid = '';
    beforeAll(async () => {
      existingUuid = await create('An existing question?');
    });
    const withExisting = (text: string) => text.replaceAll(existing, existingUuid);
    const one = `${base}/${existing}`;
    const tooLong = 'x'.repeat(500);
    const cases: BadInputCase[] = [
      { name: 'malformed JSON', method: 'POST', url: base, payload: '{"question": {', status: 400 },
      { name: 'a JSON array', method: 'POST', url: base, payload: '[]', status: 422 },
      { name: 'null body', method: 'POST', url: base, payload: 'null', status: 422 },
      { name: 'no wrapper', method: 'POST', url: base, payload: JSON.stringify({ description: 'Why?' }), status: 422 },
      { name: 'missing question', method: 'POST', url: base, payload: JSON.stringify({ question: {} }), status: 422, field: 'question.description', message: 'Question is required.' },
      { name: 'blank question', method: 'POST', url: base, payload: JSON.stringify({ question: { description: '   ' } }), status: 422, field: 'question.description', message: 'Question is required.' },
      { name: 'null question', method: 'POST', url: base, payload: JSON.stringify({ question: { description: null } }), status: 422, field: 'question.description', message: 'Question is required.' },
      { name: 'question of 500 characters', method: 'POST', url: base, payload: JSON.stringify({ question: { description: tooLong } }), status: 422, field: 'question.description', message: 'Question must be under 500 characters.' },
      { name: 'question as a number', method: 'POST', url: base, payload: JSON.stringify({ question: { description: 42 } }), status: 422, field: 'question.description', message: 'Question must be text.' },
      { name: 'a status on create', method: 'POST', url: base, payload: JSON.stringify({ question: { description: 'Why?', status: 'inactive' } }), status: 422, field: 'question.status', message: 'Unknown field.' },
      { name: 'a position on create', method: 'POST', url: base, payload: JSON.stringify({ question: { description: 'Why?', position: 1 } }), status: 422, field: 'question.position', message: 'Unknown field.' },
      { name: 'unknown top-level field', method: 'POST', url: base, payload: JSON.stringify({ question: { description: 'Why?' }, admin: true }), status: 422, field: 'admin' },
      { name: 'an unknown product', method: 'POST', url: `/v1/products/${unknownUuid}/questions`, payload: JSON.stringify({ question: { description: 'Why?' } }), status: 404 },
      { name: 'a product id that is not a uuid', method: 'POST', url: '/v1/products/1%27%20or%201=1/questions', payload: JSON.stringify({ question: { description: 'Why?' } }), status: 404 },
      { name: 'patching an unknown question', method: 'PATCH', url: `${base}/${unknownUuid}`, payload: JSON.stringify({ question: { description: 'X?' } }), status: 404 },
      { name: 'patching with nothing', method: 'PATCH', url: one, payload: JSON.stringify({ question: {} }), status: 422, field: 'question', message: 'Send the question, its status, or both.' },
      { name: 'patching with a wrong status', method: 'PATCH', url: one, payload: JSON.stringify({ question: { status: 'deleted' } }), status: 422, field: 'question.status', message: 'Status must be active or inactive.' },
      { name: 'patching to a blank question', method: 'PATCH', url: one, payload: JSON.stringify({ question: { description: '' } }), status: 422, field: 'question.description', message: 'Question is required.' },
      { name: 'patching the position', method: 'PATCH', url: one, payload: JSON.stringify({ question: { position: 2 } }), status: 422, field: 'question.position', message: 'Unknown field.' },
      { name: 'reorder without a list', method: 'PATCH', url: base, payload: JSON.stringify({ questions: {} }), status: 422, field: 'questions' },
      { name: 'reorder with an empty list', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [] }), status: 422, field: 'questions', message: 'List at least one question.' },
      { name: 'reorder with position 0', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: 0 }] }), status: 422, field: 'questions.0.position', message: 'Positions start at 1.' },
      { name: 'reorder with a fractional position', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: 1.5 }] }), status: 422, field: 'questions.0.position', message: 'Position must be a whole number.' },
      { name: 'reorder with a position as text', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: '1' }] }), status: 422, field: 'questions.0.position', message: 'Position must be a whole number.' },
      { name: 'reorder with a huge position', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: 1e9 }] }), status: 422, field: 'questions.0.position' },
      { name: 'reorder with a bad uuid', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: 'abc', position: 1 }] }), status: 422, field: 'questions.0.uuid', message: 'Not a question id.' },
      { name: 'reorder naming a question twice', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: 1 }, { uuid: existing, position: 2 }] }), status: 422, field: 'questions.1.uuid', message: 'This question is listed twice.' },
      { name: 'reorder sharing a position', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: 1 }, { uuid: unknownUuid, position: 1 }] }), status: 422, field: 'questions.1.position', message: 'Two questions cannot share a position.' },
      { name: 'reorder with an unknown entry field', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: 1, status: 'active' }] }), status: 422, field: 'questions.0.status', message: 'Unknown field.' },
      { name: 'reorder beyond the list', method: 'PATCH', url: base, payload: JSON.stringify({ questions: [{ uuid: existing, position: 50 }] }), status: 422, field: 'questions' },
      { name: 'page 0', method: 'GET', url: `${base}?page=0`, status: 422, field: 'page' },
      { name: 'count of a million', method: 'GET', url: `${base}?count=1000000`, status: 422, field: 'count' },
      { name: 'an unknown status', method: 'GET', url: `${base}?status=deleted`, status: 422, field: 'status', message: 'Status must be active or inactive.' },
      { name: 'sorting by an unknown column', method: 'GET', url: `${base}?sorting[position;drop table events]=asc`, status: 422 },
      { name: 'sorting direction other than asc/desc', method: 'GET', url: `${base}?sorting[position]=sideways`, status: 422, field: 'sorting.position' },
      { name: 'search with SQL characters', method: 'GET', url: `${base}?filter[description]=x'%20or%201=1--`, status: 422, field: 'filter.description', message: 'Only letters, digits, spaces, ? and . are allowed.' },
      { name: 'an unknown filter', method: 'GET', url: `${base}?filter[status]=active`, status: 422, field: 'filter.status' },
      { name: 'an unknown query parameter', method: 'GET', url: `${base}?filter_data=x`, status: 422 },
      { name: 'deep nesting in the query', method: 'GET', url: `${base}?filter[description][a][b]=x`, status: 422 },
      { name: 'a question id that is not a uuid', method: 'GET', url: `${base}/123`, status: 404 },
      { name: 'an unknown question', method: 'GET', url: `${base}/${unknownUuid}`, status: 404 },
      { name: 'deleting an unknown question', method: 'DELETE', url: `${base}/${unknownUuid}`, status: 404 },
      { name: 'deleting with a bad id', method: 'DELETE', url: `${base}/../../etc`, status: 404 },
    ];

    for (const c of cases) {
      it(c.name, () => expectRefused(t, { ...c, url: withExisting(c.url), ...(c.payload !== undefined ? { payload: withExisting(c.payload) } : {}) }));
    }

    it('a body over the size limit is refused with 413', async () => {
      const before = await t.eventCount();
      const huge = JSON.stringify({ question: { description: 'x'.repeat(2_000_000) } });
      const response = await t.asAdmin({ method: 'POST', url: base, payload: huge, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(413);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(await t.eventCount()).toBe(before);
    });

    it('a wrong content type is refused with 415', async () => {
      const response = await t.asAdmin({ method: 'POST', url: base, payload: 'description=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.statusCode).toBe(415);
      expect(response.headers['content-type']).toContain('application/problem+json');
    });
  });
});
