import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidTemplateList, bidTemplateView } from '../../contracts/bid-template';
import { createTestApp, type TestApp } from '../support/test-app';
import { provider, settle, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// spec 3 §4 "Auto-bidding" through `PATCH /v4/home_loan_bid_templates/{id}/auto_bidding` (docs/bid-templates.md
// "Auto-bidding"): ticking on and off, the execution option of a first activation, the review period, the validity
// from the system configuration, who may, and refusals that write nothing.

let t: TestApp;
let owner: TestProvider;
let colleague: TestProvider;
let stranger: TestProvider;
let withoutPermission: TestProvider;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await provider(t);
  colleague = await provider(t, { organisationUuid: owner.organisationUuid, permissions: { update_organisation_bid_template: true } });
  withoutPermission = await provider(t, { permissions: { execute_automatic_bidding: false } });
  stranger = await provider(t);
  customer = await t.createUser({ userType: 'customer' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
const { home_loan_bid_template_uuid: _none, ...bid } = validBid('00000000-0000-4000-8000-000000000000');

async function create(who: TestProvider) {
  const response = await send(who, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name: 'Auto-bidding refinancers', organisation_uuid: who.organisationUuid } });
  expect(response.statusCode, response.body).toBe(201);
  return bidTemplateView.parse(response.json());
}
const autoBidding = (who: Who, templateId: string, body: object) => send(who, 'PATCH', `/v4/home_loan_bid_templates/${templateId}/auto_bidding`, body);
const DAY = 86_400_000;
const daysFromNow = (iso: string | null) => Math.round((Date.parse(iso ?? '') - Date.now()) / DAY);

describe('ticking auto-bidding on and off', () => {
  it('a first activation is active for 14 days with the execution option; unticking deactivates and clears the validity', async () => {
    const template = await create(owner);
    expect(template).toMatchObject({ auto_bidding: 'pending', valid_for: null, expiry_on: null, public: false, auto_bidding_scope: null });
    const on = await autoBidding(owner, template.uuid, { auto_bidding: true, scope: 'open_posts', review_period: 7, revision: 0 });
    expect(on.statusCode, on.body).toBe(200);
    const active = bidTemplateView.parse(on.json());
    expect(active).toMatchObject({ auto_bidding: 'active', valid_for: 14, public: false, auto_bidding_review_period: 7, auto_bidding_scope: 'open_posts', revision: 1 });
    expect(daysFromNow(active.expiry_on)).toBe(14);
    const listed = bidTemplateList.parse((await send(owner, 'GET', '/v4/home_loan_bid_templates?filter[auto_bidding]=active')).json());
    expect(listed.records.map((row) => row.uuid)).toEqual([template.uuid]);

    const off = await autoBidding(owner, template.uuid, { auto_bidding: false });
    expect(bidTemplateView.parse(off.json())).toMatchObject({ auto_bidding: 'deactivated', valid_for: null, expiry_on: null, public: false });
    // Unticking again records nothing.
    const events = await t.eventCount();
    expect((await autoBidding(owner, template.uuid, { auto_bidding: false })).statusCode).toBe(200);
    expect(await t.eventCount()).toBe(events);
  });

  it('a later activation is a rescan: an execution option is refused, the review period kept', async () => {
    const template = await create(owner);
    await autoBidding(owner, template.uuid, { auto_bidding: true, review_period: 3 });
    await autoBidding(owner, template.uuid, { auto_bidding: false });
    const events = await t.eventCount();
    const withScope = await autoBidding(owner, template.uuid, { auto_bidding: true, scope: 'only_new_posts' });
    expect(withScope.statusCode).toBe(422);
    expect(withScope.json()).toMatchObject({ code: 'BID_TEMPLATE_INVALID', errors: { scope: ['The execution option is chosen only when auto-bidding is turned on for the first time.'] } });
    expect(await t.eventCount()).toBe(events);
    const again = bidTemplateView.parse((await autoBidding(owner, template.uuid, { auto_bidding: true })).json());
    expect(again).toMatchObject({ auto_bidding: 'active', valid_for: 14, auto_bidding_review_period: 3, auto_bidding_scope: 'only_new_posts' });
  });

  it('takes the validity from the system configuration', async () => {
    const template = await create(owner);
    const setting = await t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload: { system_configuration: { key: 'auto_bidding_validity_days', value: 21 } } });
    expect(setting.statusCode, setting.body).toBe(200);
    try {
      const on = bidTemplateView.parse((await autoBidding(owner, template.uuid, { auto_bidding: true })).json());
      expect(on).toMatchObject({ valid_for: 21, auto_bidding_review_period: 14, auto_bidding_scope: 'only_new_posts' });
      expect(daysFromNow(on.expiry_on)).toBe(21);
    } finally {
      await t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload: { system_configuration: { key: 'auto_bidding_validity_days', value: 14 } } });
    }
  });
});

describe('refusals write nothing', () => {
  it('the review period runs 1 to the provider’s maximum (14); the body is checked', async () => {
    const template = await create(owner);
    const events = await t.eventCount();
    for (const review_period of [0, 15]) {
      const refused = await autoBidding(owner, template.uuid, { auto_bidding: true, review_period });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ review_period: ['Choose a review period from 1 to 14 days.'] });
    }
    for (const body of [{}, { auto_bidding: 'yes' }, { auto_bidding: true, scope: 'everything' }, { auto_bidding: true, review_period: 2.5 }, { auto_bidding: true, extra: 1 }]) {
      const refused = await autoBidding(owner, template.uuid, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
    expect((await autoBidding(owner, template.uuid, { auto_bidding: true, revision: 5 })).statusCode).toBe(409);
    expect(await t.eventCount()).toBe(events);
  });

  it('needs execute_automatic_bidding on a template one may change; others see 403 or 404', async () => {
    const own = await create(owner);
    const events = await t.eventCount();
    expect((await autoBidding(stranger, own.uuid, { auto_bidding: true })).statusCode).toBe(404);
    expect((await autoBidding(customer, own.uuid, { auto_bidding: true })).statusCode).toBe(403);
    const theirs = await create(withoutPermission);
    const afterCreate = await t.eventCount();
    expect(afterCreate).toBeGreaterThan(events);
    const refused = await autoBidding(withoutPermission, theirs.uuid, { auto_bidding: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BID_TEMPLATE_NOT_ALLOWED', detail: 'You are not allowed to change the auto-bidding of this bid template.' });
    expect(await t.eventCount()).toBe(afterCreate);
    // A colleague who may change the organisation's templates, and an admin, may.
    expect((await autoBidding(colleague, own.uuid, { auto_bidding: true })).statusCode).toBe(200);
    const byAdmin = await autoBidding(t.admin, own.uuid, { auto_bidding: false });
    expect(byAdmin.statusCode).toBe(200);
    await settle(t, byAdmin.headers['x-position']);
  });

  it('a suspended provider’s template cannot start auto-bidding', async () => {
    const suspended = await provider(t);
    const template = await create(suspended);
    const status = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${suspended.id}`, payload: { user: { status: 'suspended' } } });
    expect(status.statusCode, status.body).toBe(200);
    await settle(t, status.headers['x-position']);
    const refused = await autoBidding(t.admin, template.uuid, { auto_bidding: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'The provider of this bid template can no longer bid.' });
  });
});

describe('interactive matching (spec 3 §4 "Interactive matching")', () => {
  const interactive = (who: Who, templateId: string, body: object) => send(who, 'POST', `/v3/home_loan_bid_templates/${templateId}/interactive_matches`, body);
  const sydneyDay = (instant: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(instant));

  it('ticking on sets the flag, the validity and the expiry day (YYYY-MM-DD); unticking clears them', async () => {
    const template = await create(owner);
    expect(template).toMatchObject({ interactive_matching: false, interactive_matching_valid_for: null, interactive_matching_expiration_date: null });
    const before = Date.now();
    const on = await interactive(owner, template.uuid, { interactive_matching: true, interactive_matching_valid_for: 3 });
    expect(on.statusCode, on.body).toBe(200);
    const ticked = bidTemplateView.parse(on.json());
    expect(ticked).toMatchObject({ interactive_matching: true, interactive_matching_valid_for: 3 });
    expect([sydneyDay(before + 3 * DAY), sydneyDay(Date.now() + 3 * DAY)]).toContain(ticked.interactive_matching_expiration_date);
    // Without a validity: the system configuration's (7).
    expect(bidTemplateView.parse((await interactive(owner, template.uuid, { interactive_matching: true })).json()).interactive_matching_valid_for).toBe(7);
    const off = bidTemplateView.parse((await interactive(owner, template.uuid, { interactive_matching: false })).json());
    expect(off).toMatchObject({ interactive_matching: false, interactive_matching_valid_for: null, interactive_matching_expiration_date: null });
  });

  it('refuses a validity outside 1 to 7 days and bad bodies, writing nothing; strangers get 404, customers 403', async () => {
    const template = await create(owner);
    const events = await t.eventCount();
    for (const days of [0, 8]) {
      const refused = await interactive(owner, template.uuid, { interactive_matching: true, interactive_matching_valid_for: days });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ interactive_matching_valid_for: ['Choose a validity from 1 to 7 days.'] });
    }
    for (const body of [{}, { interactive_matching: 1 }, { interactive_matching: true, interactive_matching_valid_for: 'week' }, { interactive_matching: true, other: 1 }]) {
      expect((await interactive(owner, template.uuid, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await interactive(stranger, template.uuid, { interactive_matching: true })).statusCode).toBe(404);
    expect((await interactive(customer, template.uuid, { interactive_matching: true })).statusCode).toBe(403);
    expect(await t.eventCount()).toBe(events);
  });
});
