import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { type BadInputCase, expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser } from '../support/users';

// Allowed bidders of an organisation, its providers (`GET /v1/organisations/{id}/fsps`) and the team (`GET /v2/users`).

const createPath = `/v2/products/${homeLoanProduct.uuid}/organisations`;

let t: TestApp;
let brokerA: string;
let brokerB: string;
let lender: string;
let otherLender: string;
let last: string;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let outsider: TestUser;

const position = (response: LightMyRequestResponse) => response.headers['x-position'] as string;
const seen = () => ({ 'x-min-position': last });

async function createOrganisation(organisation: Record<string, unknown>) {
  const response = await t.asAdmin({ method: 'POST', url: createPath, payload: { organisation }, headers: last ? seen() : {} });
  if (response.statusCode === 201) last = position(response);
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  last = '';
  brokerA = (await createOrganisation({ name: 'Aussie Brokers', organisation_type: 'broker' })).json().uuid;
  brokerB = (await createOrganisation({ name: 'Better Brokers', organisation_type: 'broker' })).json().uuid;
  lender = (await createOrganisation({ name: 'Harbour Bank', organisation_type: 'financial_institution', category: 'other_banks' })).json().uuid;
  otherLender = (await createOrganisation({ name: 'Reef Bank', organisation_type: 'financial_institution', category: 'online_banks' })).json().uuid;
  alice = await t.createUser({ userType: 'fsp', organisationUuid: lender, firstName: 'Alice' });
  bob = await t.createUser({ userType: 'fsp', organisationUuid: lender, firstName: 'Bob', status: 'suspended' });
  carol = await t.createUser({ userType: 'fsp', organisationUuid: lender, firstName: 'Carol' });
  outsider = await t.createUser({ userType: 'fsp', organisationUuid: otherLender, firstName: 'Oscar' });
});
afterAll(async () => {
  await t.close();
});

describe('allowed bidders', () => {
  it('are set on create, replaced on edit, and leave the list when a broker is removed', async () => {
    const created = await createOrganisation({
      name: 'Coastal Bank',
      organisation_type: 'financial_institution',
      allowed_bidders: [brokerA, brokerB, brokerA],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().uuid;
    expect(created.json().allowed_bidders).toEqual([brokerA, brokerB]);

    const changed = await t.asAdmin({ method: 'PATCH', url: `/v2/organisations/${id}`, payload: { organisation: { allowed_bidders: [brokerB] } } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().allowed_bidders).toEqual([brokerB]);

    // Another edit without the field keeps the list.
    const renamed = await t.asAdmin({ method: 'PATCH', url: `/v2/organisations/${id}`, payload: { organisation: { name: 'Coastal Bank Ltd' } } });
    expect(renamed.json()).toMatchObject({ name: 'Coastal Bank Ltd', allowed_bidders: [brokerB] });

    const spare = (await createOrganisation({ name: 'Short-lived Brokers', organisation_type: 'broker' })).json().uuid;
    await t.asAdmin({ method: 'PATCH', url: `/v2/organisations/${id}`, payload: { organisation: { allowed_bidders: [brokerB, spare] } }, headers: seen() });
    const removed = await t.asAdmin({ method: 'DELETE', url: `/v1/organisations/${spare}` });
    expect(removed.statusCode).toBe(204);
    const read = await t.asAdmin({ method: 'GET', url: `/v2/organisations/${id}?include=fsps,allowed_bidders`, headers: { 'x-min-position': position(removed) } });
    expect(read.json().allowed_bidders).toEqual([brokerB]);
  });

  it('lose a broker that becomes a lender', async () => {
    const turning = (await createOrganisation({ name: 'Turning Brokers', organisation_type: 'broker' })).json().uuid;
    const id = (await createOrganisation({ name: 'Steady Bank', organisation_type: 'financial_institution', allowed_bidders: [brokerA, turning] })).json().uuid;
    const changed = await t.asAdmin({ method: 'PATCH', url: `/v2/organisations/${turning}`, payload: { organisation: { organisation_type: 'financial_institution' } } });
    expect(changed.statusCode).toBe(200);
    const read = await t.asAdmin({ method: 'GET', url: `/v2/organisations/${id}`, headers: { 'x-min-position': position(changed) } });
    expect(read.json().allowed_bidders).toEqual([brokerA]);
  });

  it('are dropped when the financial institution becomes a broker', async () => {
    const created = await createOrganisation({ name: 'Turning Bank', organisation_type: 'financial_institution', allowed_bidders: [brokerA] });
    const changed = await t.asAdmin({
      method: 'PATCH',
      url: `/v2/organisations/${created.json().uuid}`,
      payload: { organisation: { organisation_type: 'broker' } },
    });
    expect(changed.json()).toMatchObject({ organisation_type: 'broker', category: null, allowed_bidders: [] });
  });

  describe('refused with a clear 422 on the field, nothing written', () => {
    const patch = (id: () => string, allowed: unknown): (() => BadInputCase) => () => ({
      name: '',
      method: 'PATCH',
      url: `/v2/organisations/${id()}`,
      payload: JSON.stringify({ organisation: { allowed_bidders: allowed } }),
      status: 422,
      field: 'organisation.allowed_bidders',
    });
    const cases: [string, () => BadInputCase][] = [
      ['an organisation that does not exist', () => ({ ...patch(() => lender, ['00000000-0000-4000-8000-000000000000'])(), message: 'Allowed bidders must be existing brokers.' })],
      ['a financial institution', () => ({ ...patch(() => lender, [brokerA, otherLender])(), message: 'Allowed bidders must be existing brokers.' })],
      ['the organisation itself', () => ({ ...patch(() => lender, [lender])(), message: 'An organisation cannot be its own allowed bidder.' })],
      ['allowed bidders on a broker', () => ({ ...patch(() => brokerA, [brokerB])(), message: 'Only a financial institution has allowed bidders.' })],
      ['a broker created with allowed bidders', () => ({
        name: '',
        method: 'POST',
        url: createPath,
        payload: JSON.stringify({ organisation: { name: 'Odd Broker', organisation_type: 'broker', allowed_bidders: [brokerA] } }),
        status: 422,
        field: 'organisation.allowed_bidders',
        message: 'Only a financial institution has allowed bidders.',
      })],
      ['not a list', () => ({ ...patch(() => lender, brokerA)(), message: 'Choose brokers from the list.' })],
      ['an id that is not a uuid', () => ({ ...patch(() => lender, ["1' or 1=1"])(), field: 'organisation.allowed_bidders.0', message: 'Choose brokers from the list.' })],
      ['null', () => patch(() => lender, null)()],
      ['too many', () => ({ ...patch(() => lender, Array.from({ length: 501 }, () => brokerA))(), message: 'Choose at most 500 brokers.' })],
    ];
    for (const [name, make] of cases) it(name, () => expectRefused(t, { ...make(), name }));
  });
});

describe("an organisation's providers", () => {
  it('are listed by name with e-mail and status, paged', async () => {
    const response = await t.asAdmin({ method: 'GET', url: `/v1/organisations/${lender}/fsps?count=2` });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total_records).toBe(3);
    // Each with the organisation, the role and the bid counts (docs/leads-and-opportunities.md "Members").
    const member = { organisation_uuid: lender, role: 'provider', bids: 0, deals: 0, settled_deals: 0, created_at: expect.any(String) };
    expect(page.result).toMatchObject([
      { uuid: alice.id, full_name: expect.stringMatching(/^Alice /), email: alice.email, status: 'active', ...member },
      { uuid: bob.id, full_name: expect.stringMatching(/^Bob /), email: bob.email, status: 'suspended', ...member },
    ]);
    const second = (await t.asAdmin({ method: 'GET', url: `/v1/organisations/${lender}/fsps?count=2&page=2` })).json();
    expect(second.result.map((p: { uuid: string }) => p.uuid)).toEqual([carol.id]);
    const suspended = (await t.asAdmin({ method: 'GET', url: `/v1/organisations/${lender}/fsps?filter[status]=suspended` })).json();
    expect(suspended).toMatchObject({ total_records: 1, result: [{ uuid: bob.id }] });
  });

  it('come with the organisation', async () => {
    const read = (await t.asAdmin({ method: 'GET', url: `/v2/organisations/${lender}?include=fsps` })).json();
    expect(read.fsps.map((p: { uuid: string }) => p.uuid)).toEqual([alice.id, bob.id, carol.id]);
    expect(read.fsps[0]).toEqual({ uuid: alice.id, full_name: expect.stringMatching(/^Alice /) });
    const list = (await t.asAdmin({ method: 'GET', url: '/v4/organisations?filter[name]=Reef' })).json();
    expect(list.result[0].fsps).toEqual([{ uuid: outsider.id, full_name: expect.stringMatching(/^Oscar /) }]);
  });

  it('of an unknown organisation: 404', async () => {
    const response = await t.asAdmin({ method: 'GET', url: '/v1/organisations/00000000-0000-4000-8000-000000000000/fsps' });
    expect(response.statusCode).toBe(404);
  });

  it('are for admins only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/organisations/${lender}/fsps` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe('The access token is invalid');
    const provider = await t.app.inject(as(alice, { method: 'GET', url: `/v1/organisations/${lender}/fsps` }));
    expect(provider.statusCode).toBe(403);
  });

  it('bad list input is refused', async () => {
    await expectRefused(t, { name: 'bad sort', method: 'GET', url: `/v1/organisations/${lender}/fsps?sorting[password_hash]=asc`, status: 422 });
    await expectRefused(t, { name: 'bad status', method: 'GET', url: `/v1/organisations/${lender}/fsps?filter[status]=boss`, status: 422, field: 'filter.status' });
  });
});

describe('the team (GET /v2/users)', () => {
  const team = (user: TestUser, query = '') => t.app.inject(as(user, { method: 'GET', url: `/v2/users${query}` }));
  const uuids = (response: LightMyRequestResponse) => response.json().result.map((p: { uuid: string }) => p.uuid);

  it("is the provider's own organisation", async () => {
    const response = await team(carol);
    expect(response.statusCode).toBe(200);
    expect(response.json().total_records).toBe(3);
    expect(uuids(response)).toEqual([alice.id, bob.id, carol.id]);
    expect(uuids(await team(outsider))).toEqual([outsider.id]);
    expect(uuids(await team(carol, `?filter[organisation_uuid]=${lender}&sorting[full_name]=desc`))).toEqual([carol.id, bob.id, alice.id]);
  });

  it("never shows a provider another organisation's people", async () => {
    const before = await t.eventCount();
    const response = await team(alice, `?filter[organisation_uuid]=${otherLender}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await t.eventCount()).toBe(before);
  });

  it('lets an admin pick any organisation, or see every provider', async () => {
    const one = await t.asAdmin({ method: 'GET', url: `/v2/users?filter[organisation_uuid]=${otherLender}` });
    expect(uuids(one)).toEqual([outsider.id]);
    const all = await t.asAdmin({ method: 'GET', url: '/v2/users?count=100' });
    expect(uuids(all)).toEqual(expect.arrayContaining([alice.id, bob.id, carol.id, outsider.id]));
  });

  it('is refused to customers, providers not yet active, admins without view, and without a token', async () => {
    const customer = await t.createUser({ userType: 'customer' });
    expect((await team(customer)).statusCode).toBe(403);
    const approved = await t.createUser({ userType: 'fsp', status: 'approved', organisationUuid: lender });
    expect((await team(approved)).statusCode).toBe(403);
    const limitedAdmin = await t.createUser({ userType: 'admin' });
    const revoked = await t.asAdmin({
      method: 'PATCH',
      url: `/v2/users/${limitedAdmin.id}/permissions/${(await t.asAdmin({ method: 'GET', url: `/v2/users/${limitedAdmin.id}/permissions` })).json().uuid}`,
      payload: { permissions: { view: false } },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await team(limitedAdmin)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v2/users' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input', async () => {
    for (const query of ['?filter[organisation_uuid]=not-a-uuid', '?count=0', '?filter[user_type]=admin', '?sorting[email]=up']) {
      const response = await team(alice, query);
      expect(response.statusCode).toBe(422);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });
});
