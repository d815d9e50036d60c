import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { createTestApp, type TestApp } from '../support/test-app';
import { type BadInputCase, expectRefused } from '../support/bad-input';

// A 1×1 PNG, and text dressed up as one.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngDataUrl = `data:image/png;base64,${PNG}`;
const fakePngDataUrl = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;

const createPath = `/v2/products/${homeLoanProduct.uuid}/organisations`;
const validOrganisation = {
  name: 'Westpac',
  abbreviation: 'WBC',
  organisation_type: 'financial_institution',
  category: 'big_four_banks',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function create(organisation: Record<string, unknown>) {
  return t.asAdmin({ method: 'POST', url: createPath, payload: { organisation } });
}

describe('organisations API', () => {
  it('creates, lists, reads, changes and removes an organisation', async () => {
    const created = await create({ ...validOrganisation, logo: pngDataUrl });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ ...validOrganisation, status: 'active', allowed_bidders: [], fsps: [] });
    expect(body.logo.original).toMatch(/^\/files\/[0-9a-f]{40}$/);
    expect(created.headers['x-position']).toMatch(/^\d+\.\d+$/);

    const logo = await t.asAdmin({ method: 'GET', url: body.logo.original });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);

    const list = await t.asAdmin({
      method: 'GET',
      url: '/v4/organisations?filter[name]=westpac&sorting[name]=asc',
      headers: { 'x-min-position': created.headers['x-position'] as string },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total_records: 1, result: [{ uuid: body.uuid, name: 'Westpac' }] });

    const changed = await t.asAdmin({
      method: 'PATCH',
      url: `/v2/organisations/${body.uuid}`,
      payload: { organisation: { name: 'Westpac Banking Corporation', logo: null } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Westpac Banking Corporation', abbreviation: 'WBC', logo: null });

    const read = await t.asAdmin({ method: 'GET', url: `/v2/organisations/${body.uuid}?include=fsps,allowed_bidders` });
    expect(read.json()).toMatchObject({ name: 'Westpac Banking Corporation' });

    const removed = await t.asAdmin({ method: 'DELETE', url: `/v1/organisations/${body.uuid}` });
    expect(removed.statusCode).toBe(204);
    const gone = await t.asAdmin({
      method: 'GET',
      url: `/v2/organisations/${body.uuid}`,
      headers: { 'x-min-position': removed.headers['x-position'] as string },
    });
    expect(gone.statusCode).toBe(404);
    expect((await t.asAdmin({ method: 'DELETE', url: `/v1/organisations/${body.uuid}` })).statusCode).toBe(404);
  });

  it('pages and sorts the list: 25 by default, newest first', async () => {
    let last = '';
    for (let i = 0; i < 27; i++) {
      const response = await create({ name: `Broker ${String(i).padStart(2, '0')}`, organisation_type: 'broker' });
      last = response.headers['x-position'] as string;
    }
    const headers = { 'x-min-position': last };
    const first = (await t.asAdmin({ method: 'GET', url: '/v4/organisations?filter[organisation_type]=broker', headers })).json();
    expect(first.total_records).toBe(27);
    expect(first.result).toHaveLength(25);
    expect(first.result[0].name).toBe('Broker 26');
    const second = (await t.asAdmin({ method: 'GET', url: '/v4/organisations?filter[organisation_type]=broker&page=2', headers })).json();
    expect(second.result.map((o: { name: string }) => o.name)).toEqual(['Broker 01', 'Broker 00']);
    const byName = (await t.asAdmin({ method: 'GET', url: '/v4/organisations?filter[organisation_type]=broker&sorting[name]=asc&count=3', headers })).json();
    expect(byName.result.map((o: { name: string }) => o.name)).toEqual(['Broker 00', 'Broker 01', 'Broker 02']);
  });

  it('a name filter is matched literally (an underscore is not a wildcard)', async () => {
    const response = await create({ name: 'Under Score', organisation_type: 'broker' });
    const headers = { 'x-min-position': response.headers['x-position'] as string };
    const list = (await t.asAdmin({ method: 'GET', url: '/v4/organisations?filter[name]=Under_Score', headers })).json();
    expect(list.total_records).toBe(0);
  });

  it('refuses a broker with a category with the domain message', async () => {
    const before = await t.eventCount();
    const response = await create({ name: 'Odd Broker', organisation_type: 'broker', category: 'online_banks' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'ORGANISATION_BROKER_CATEGORY', errors: { base: ['A broker has no category.'] } });
    expect(await t.eventCount()).toBe(before);
  });

  describe('bad input: a clear 4xx problem, never a 5xx, nothing written', () => {
    const longName = 'x'.repeat(100);
    const cases: BadInputCase[] = [
      { name: 'malformed JSON', method: 'POST', url: createPath, payload: '{"organisation": {', status: 400 },
      { name: 'a JSON array', method: 'POST', url: createPath, payload: '[]', status: 422 },
      { name: 'null body', method: 'POST', url: createPath, payload: 'null', status: 422 },
      { name: 'no wrapper', method: 'POST', url: createPath, payload: JSON.stringify(validOrganisation), status: 422 },
      { name: 'missing name', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { organisation_type: 'broker' } }), status: 422, field: 'organisation.name', message: 'Name is required.' },
      { name: 'blank name', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { name: '   ', organisation_type: 'broker' } }), status: 422, field: 'organisation.name', message: 'Name is required.' },
      { name: 'name of 100 characters', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { name: longName, organisation_type: 'broker' } }), status: 422, field: 'organisation.name', message: 'Name must be under 100 characters.' },
      { name: 'name as a number', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { name: 42, organisation_type: 'broker' } }), status: 422, field: 'organisation.name' },
      { name: 'unknown type', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { name: 'A', organisation_type: 'bank' } }), status: 422, field: 'organisation.organisation_type', message: 'Select an organisation type.' },
      { name: 'unknown field', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { ...validOrganisation, rating: 5 } }), status: 422, field: 'organisation.rating', message: 'Unknown field.' },
      { name: 'unknown top-level field', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: validOrganisation, admin: true }), status: 422, field: 'admin' },
      { name: 'a logo that is not an image', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { ...validOrganisation, logo: 'data:text/plain;base64,aGVsbG8=' } }), status: 422, field: 'organisation.logo', message: 'Only images are allowed!' },
      { name: 'a logo whose content is not an image', method: 'POST', url: createPath, payload: JSON.stringify({ organisation: { ...validOrganisation, logo: fakePngDataUrl } }), status: 422, field: 'organisation.logo', message: 'Only images are allowed!' },
      { name: 'an unknown product', method: 'POST', url: '/v2/products/00000000-0000-4000-8000-000000000000/organisations', payload: JSON.stringify({ organisation: validOrganisation }), status: 404 },
      { name: 'a product id that is not a uuid', method: 'POST', url: '/v2/products/1%27%20or%201=1/organisations', payload: JSON.stringify({ organisation: validOrganisation }), status: 404 },
      { name: 'patching an unknown organisation', method: 'PATCH', url: '/v2/organisations/00000000-0000-4000-8000-000000000000', payload: JSON.stringify({ organisation: { name: 'X' } }), status: 404 },
      { name: 'patching with a wrong status', method: 'PATCH', url: '/v2/organisations/00000000-0000-4000-8000-000000000000', payload: JSON.stringify({ organisation: { status: 'deleted' } }), status: 422, field: 'organisation.status' },
      { name: 'page 0', method: 'GET', url: '/v4/organisations?page=0', status: 422, field: 'page' },
      { name: 'count of a million', method: 'GET', url: '/v4/organisations?count=1000000', status: 422, field: 'count' },
      { name: 'page as text', method: 'GET', url: '/v4/organisations?page=abc', status: 422, field: 'page' },
      { name: 'sorting by an unknown column', method: 'GET', url: '/v4/organisations?sorting[name;drop table events]=asc', status: 422 },
      { name: 'sorting direction other than asc/desc', method: 'GET', url: '/v4/organisations?sorting[name]=sideways', status: 422, field: 'sorting.name' },
      { name: 'filter with SQL characters', method: 'GET', url: "/v4/organisations?filter[name]=x'%20or%201=1--", status: 422, field: 'filter.name' },
      { name: 'an unknown filter', method: 'GET', url: '/v4/organisations?filter[password]=x', status: 422, field: 'filter.password' },
      { name: 'deep nesting in the query', method: 'GET', url: '/v4/organisations?filter[name][a][b][c]=x', status: 422 },
      { name: 'an organisation id that is not a uuid', method: 'GET', url: '/v2/organisations/123', status: 404 },
      { name: 'deleting with a bad id', method: 'DELETE', url: '/v1/organisations/../../etc', status: 404 },
    ];

    for (const c of cases) it(c.name, () => expectRefused(t, c));

    it('a body over the size limit is refused with 413', async () => {
      const before = await t.eventCount();
      const huge = JSON.stringify({ organisation: { ...validOrganisation, logo: `data:image/png;base64,${'A'.repeat(5_000_000)}` } });
      const response = await t.asAdmin({ method: 'POST', url: createPath, payload: huge, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode).toBe(413);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(await t.eventCount()).toBe(before);
    });

    it('a wrong content type is refused with 415', async () => {
      const response = await t.asAdmin({ method: 'POST', url: createPath, payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.statusCode).toBe(415);
      expect(response.headers['content-type']).toContain('application/problem+json');
    });
  });
});
