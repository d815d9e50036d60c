import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalCustomerIdOf } from '../../application/external-deals/record-external-deal';
import { reserveEmail } from '../../application/users/email-reservations';
import { userDecider } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import { externalDealMessages } from '../../domain/external-deal/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import { randomIds } from '../../infrastructure/ids';
import { createTestApp, type TestApp } from '../support/test-app';
import { provider, type TestProvider } from '../support/trade';
import { as, type TestUser } from '../support/users';

// External deals (spec 1 §2, §5, §8; spec 3 §5, §9; docs/external-deals.md): admins only; every validation message
// with nothing written; each provider's deal opens with 'External deal created'; a retry completes, never doubles.

let t: TestApp;
let providerA: TestProvider;
let providerB: TestProvider;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [providerA, providerB, customer] = await Promise.all([provider(t), provider(t), t.createUser({ userType: 'customer' })]);
}, 600_000);
afterAll(async () => {
  await t.close();
});

const loan = { loan_type: 'refinance', loan_purpose: 'owner', loan_amount: 640_000, property_market_value: 900_000 };
const newCustomer = (email = `ext-${randomUUID()}@test.example`) => ({ first_name: 'Grace', last_name: 'Hopper', email, mobile_number: '0412 345 678' });
const body = (overrides: Record<string, unknown> = {}) => ({ uuid: randomUUID(), customer: newCustomer(), fsp_user_uuids: [providerA.id, providerB.id], loan, ...overrides });
const create = (payload: Record<string, unknown>, user?: TestUser) =>
  user ? t.app.inject(as(user, { method: 'POST', url: '/v1/external_deals', payload })) : t.asAdmin({ method: 'POST', url: '/v1/external_deals', payload });
const getDeal = (dealId: string) => t.asAdmin({ method: 'GET', url: `/v1/deals/${dealId}` });

async function refusedWritingNothing(payload: Record<string, unknown>, errors: Record<string, string[]>) {
  const before = await t.eventCount();
  const response = await create(payload);
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().errors).toEqual(errors);
  expect(await t.eventCount()).toBe(before);
}

describe('who may record external deals', () => {
  it('only admins: customers and providers get 403, no token 401', async () => {
    const id = randomUUID();
    for (const user of [customer, providerA]) {
      expect((await create(body(), user)).statusCode).toBe(403);
      expect((await t.app.inject(as(user, { method: 'GET', url: `/v1/external_deals/${id}` }))).statusCode).toBe(403);
      expect((await t.app.inject(as(user, { method: 'PATCH', url: `/v1/external_deals/${id}`, payload: { fsp_user_uuids: [providerA.id], loan } }))).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/v1/external_deals', payload: body() })).statusCode).toBe(401);
  });
});

describe('validation (spec 1 §5, spec 3 §9): 422 with the spec’s messages, nothing written', () => {
  it("'You have to select a customer!' without a customer", async () => {
    await refusedWritingNothing(body({ customer: null }), { customer_uuid: [externalDealMessages.customerRequired] });
  });

  it("'Should be one or more FSP.' without providers", async () => {
    await refusedWritingNothing(body({ fsp_user_uuids: [] }), { fsp_user_uuids: [externalDealMessages.providersRequired] });
  });

  it("the new customer's e-mail is required", async () => {
    const { email: _email, ...withoutEmail } = newCustomer();
    await refusedWritingNothing(body({ customer: withoutEmail }), { 'customer.email': ['Please, write an email'] });
  });

  it('the property value is 222,500 to 50,000,000', async () => {
    await refusedWritingNothing(body({ loan: { ...loan, property_market_value: 222_499 } }), { 'loan.property_market_value': ['Min value is 222,500'] });
    await refusedWritingNothing(body({ loan: { ...loan, property_market_value: 50_000_001 } }), { 'loan.property_market_value': ['Max value is 50,000,000'] });
  });

  it('a provider must be a provider, a chosen customer a customer', async () => {
    await refusedWritingNothing(body({ fsp_user_uuids: [customer.id] }), { 'fsp_user_uuids.0': ['Choose a provider of an organisation'] });
    await refusedWritingNothing(body({ customer: null, customer_uuid: providerA.id }), { customer_uuid: ['Choose a customer of the marketplace'] });
  });

  it('an e-mail already registered is refused on the e-mail', async () => {
    await refusedWritingNothing(body({ customer: newCustomer(customer.email) }), { 'customer.email': ['This e-mail address is already registered.'] });
  });
});

describe('recording an external deal', () => {
  it('creates the customer (origin external, country code 61) and one deal per provider opened with external_created', async () => {
    const payload = body();
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    const recorded = response.json();
    expect(recorded).toMatchObject({ uuid: payload.uuid, origin: 'external', new_customer: true, fsp_user_uuids: [providerA.id, providerB.id], loan });
    expect(recorded.customer).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', country_code: '61', mobile_number: '0412345678' });
    const customerEvents = await t.store.readStream(userStream(recorded.customer.uuid));
    expect(customerEvents[0]).toMatchObject({ type: 'CustomerCreated', data: { origin: 'external', password_hash: null } });

    for (const p of recorded.providers) {
      const deal = await getDeal(p.deal_id);
      expect(deal.statusCode, deal.body).toBe(200);
      expect(deal.json()).toMatchObject({ external: true, stage: 'accepted', post_id: payload.uuid, provider_id: p.uuid, loan_amount: 640_000, post: { loan_type: 'refinance', loan_amount: 640_000 } });
      expect(deal.json().activities.map((a: { activity_type: string; label: string }) => [a.activity_type, a.label])).toEqual([['external_created', 'External deal created']]);
    }
    // The provider sees its own deal on its board.
    const board = await t.app.inject(as(providerA, { method: 'GET', url: '/v1/deals?status=accepted' }));
    expect(board.json().result.map((d: { uuid: string }) => d.uuid)).toContain(recorded.providers[0].deal_id);
  });

  it('takes an existing customer', async () => {
    const response = await create(body({ customer: null, customer_uuid: customer.id, fsp_user_uuids: [providerA.id] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ new_customer: false, customer: { uuid: customer.id } });
  });

  it('a retried request (same uuid) answers the same deal and writes nothing more', async () => {
    const payload = body();
    expect((await create(payload)).statusCode).toBe(201);
    const before = await t.eventCount();
    const again = await create(payload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().providers).toHaveLength(2);
    expect(await t.eventCount()).toBe(before);
  });

  it('a try that stopped after creating the customer is completed by the retry, with that customer', async () => {
    const payload = body();
    const customerId = externalCustomerIdOf(payload.uuid);
    // The first try's steps up to the customer, as the route runs them, then nothing.
    const context = { userId: t.admin.id, correlationId: 'test', causationId: null, now: new Date() };
    expect(await reserveEmail({ store: t.store, ids: randomIds, secrets: t.secrets }, payload.customer.email, customerId, context)).toBe(true);
    const personal = { ...payload.customer, mobile_number: '0412345678', country_code: '61' };
    const created = await handleCommand({
      store: t.store,
      ids: randomIds,
      streamId: userStream(customerId),
      decider: userDecider,
      command: { type: 'CreateCustomer', data: { user_id: customerId, personal, password_hash: null, status: 'active', origin: 'external' } },
      context,
    });
    expect(created.ok).toBe(true);
    const retried = await create(payload);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().customer.uuid).toBe(customerId);
    expect((await t.store.readStream(userStream(customerId))).length).toBe(1);
    expect((await getDeal(retried.json().providers[1].deal_id)).json().activities[0].label).toBe('External deal created');
  });

  it('another request under an existing uuid is refused (409), writing nothing', async () => {
    const payload = body({ customer: null, customer_uuid: customer.id });
    expect((await create(payload)).statusCode).toBe(201);
    const before = await t.eventCount();
    const other = await create({ ...payload, loan: { ...loan, loan_amount: 300_000 } });
    expect(other.statusCode).toBe(409);
    expect(await t.eventCount()).toBe(before);
  });
});

describe('editing an external deal', () => {
  it('reads it for the form, changes the loan and adds a provider, whose deal opens; a provider is never taken off', async () => {
    const payload = body({ customer: null, customer_uuid: customer.id, fsp_user_uuids: [providerA.id] });
    const id = payload.uuid;
    expect((await create(payload)).statusCode).toBe(201);
    const read = await t.asAdmin({ method: 'GET', url: `/v1/external_deals/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ uuid: id, loan, fsp_user_uuids: [providerA.id] });

    const changed = { ...loan, loan_amount: 700_000 };
    const patched = await t.asAdmin({ method: 'PATCH', url: `/v1/external_deals/${id}`, payload: { fsp_user_uuids: [providerA.id, providerB.id], loan: changed } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ loan: changed, fsp_user_uuids: [providerA.id, providerB.id] });
    const added = await getDeal(patched.json().providers[1].deal_id);
    expect(added.json()).toMatchObject({ external: true, loan_amount: 700_000 });

    const before = await t.eventCount();
    const removed = await t.asAdmin({ method: 'PATCH', url: `/v1/external_deals/${id}`, payload: { fsp_user_uuids: [providerB.id], loan: changed } });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().errors).toEqual({ fsp_user_uuids: [externalDealMessages.providerRemoved] });
    expect(await t.eventCount()).toBe(before);
  });

  it('answers 404 for an unknown external deal', async () => {
    expect((await t.asAdmin({ method: 'GET', url: `/v1/external_deals/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.asAdmin({ method: 'PATCH', url: `/v1/external_deals/${randomUUID()}`, payload: { fsp_user_uuids: [providerA.id], loan } })).statusCode).toBe(404);
  });
});

