import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemConfigurationCatalogue } from '../../domain/system-configuration/catalogue';
import { postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser } from '../support/users';

// Spec 3 §7 'System configurations' through HTTP: the list with defaults, a change of each field type, a refusal
// per type that writes nothing, admins only (also without `view`, spec 1 §2), and publishing a post with the
// bidding and review periods an admin set.

let t: TestApp;
let adminWithoutView: TestUser;
let customer: TestUser;
let provider: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  adminWithoutView = await t.createUser({ userType: 'admin' });
  const container = (await t.asAdmin({ method: 'GET', url: `/v2/users/${adminWithoutView.id}/permissions` })).json().uuid;
  await t.asAdmin({ method: 'PATCH', url: `/v2/users/${adminWithoutView.id}/permissions/${container}`, payload: { permissions: { view: false } } });
  customer = await t.createUser({ userType: 'customer' });
  provider = await t.createUser({ userType: 'fsp' });
}, 60_000);
afterAll(async () => {
  await t.close();
});

const patch = (value: unknown, key = 'post_bidding_period_days') =>
  t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload: { system_configuration: { key, value } } });

async function refused(request: () => Promise<{ statusCode: number; body: string; json: () => { errors?: Record<string, string[]> } }>, status: number, message?: string) {
  const before = await t.eventCount();
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  if (message) expect(response.json().errors?.value, response.body).toEqual([message]);
  expect(await t.eventCount()).toBe(before);
}

describe('the list', () => {
  it('shows every setting of the catalogue with its default', async () => {
    const response = await t.asAdmin({ method: 'GET', url: '/v1/system_configurations' });
    expect(response.statusCode, response.body).toBe(200);
    const { total_records, result } = response.json();
    expect(total_records).toBe(systemConfigurationCatalogue.length);
    expect(result.map((r: { key: string }) => r.key)).toEqual(systemConfigurationCatalogue.map((s) => s.key));
    expect(result.find((r: { key: string }) => r.key === 'messages')).toEqual({
      key: 'messages',
      uuid: systemConfigurationCatalogue.find((s) => s.key === 'messages')!.uuid,
      label: 'Messages',
      description: 'Chat between customers and providers: active or inactive.',
      value: 'active',
      field_type: 'activation_status',
    });
  });

  it('answers one setting by uuid, and 404 for an unknown one', async () => {
    const setting = systemConfigurationCatalogue.find((s) => s.key === 'lvr_warning_percent')!;
    const response = await t.asAdmin({ method: 'GET', url: `/v1/system_configurations/${setting.uuid}` });
    expect(response.json()).toMatchObject({ key: 'lvr_warning_percent', value: 80, field_type: 'decimal' });
    const unknown = await t.asAdmin({ method: 'GET', url: '/v1/system_configurations/3f0c1c1e-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a change', () => {
  it.each([
    ['interactive_matching_validity_days', 5],
    ['lvr_warning_percent', 82.5],
    ['messages', 'inactive'],
    ['auto_declare_enabled', false],
    ['support_contact', '1300 123 456'],
  ] as const)('of %s is recorded and shown', async (key, value) => {
    const response = await patch(value, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ key, value });
    const list = (await t.asAdmin({ method: 'GET', url: '/v1/system_configurations' })).json().result;
    expect(list.find((r: { key: string }) => r.key === key).value).toBe(value);
  });

  it('by uuid works too, and saving the same value writes nothing', async () => {
    const setting = systemConfigurationCatalogue.find((s) => s.key === 'max_review_period_extensions')!;
    const payload = { system_configuration: { uuid: setting.uuid, value: 3 } };
    expect((await t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload })).json()).toMatchObject({ key: setting.key, value: 3 });
    const before = await t.eventCount();
    expect((await t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload })).statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before);
  });

  it('is allowed to an admin without the view permission', async () => {
    const response = await t.app.inject(as(adminWithoutView, {
      method: 'PATCH',
      url: '/v1/system_configurations',
      payload: { system_configuration: { key: 'auto_bidding_validity_days', value: 21 } },
    }));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a refusal writes nothing', () => {
  it.each([
    ['post_bidding_period_days', 0, 'Enter a whole number from 1 to 60.'],
    ['post_bidding_period_days', 1.5, 'Enter a whole number from 1 to 60.'],
    ['post_review_period_days', '3', 'Enter a whole number from 1 to 30.'],
    ['lvr_warning_percent', 80.001, 'Enter a number from 0.00 to 100.00, with at most two decimals.'],
    ['lvr_warning_percent', -1, 'Enter a number from 0.00 to 100.00, with at most two decimals.'],
    ['messages', true, 'Choose active or inactive.'],
    ['auto_declare_enabled', 1, 'Choose Yes or No.'],
    ['support_contact', '', 'Enter some text, at most 255 characters.'],
    ['support_contact', 7, 'Enter some text, at most 255 characters.'],
  ])('%s = %j', async (key, value, message) => {
    await refused(() => patch(value, key), 422, message);
  });

  it('for an unknown key (404), a missing key or value, or another body (422)', async () => {
    await refused(() => patch(1, 'no_such_setting'), 404);
    const send = (payload: unknown) => () => t.asAdmin({ method: 'PATCH', url: '/v1/system_configurations', payload: payload as object });
    await refused(send({ system_configuration: { value: 1 } }), 422);
    await refused(send({ system_configuration: { key: 'messages' } }), 422);
    await refused(send({ system_configuration: { key: 'messages', value: 'active', extra: 1 } }), 422);
    await refused(send({ configuration: { key: 'messages', value: 'active' } }), 422);
  });

  it('for a customer or a provider (403)', async () => {
    for (const user of [customer, provider]) {
      await refused(() => t.app.inject(as(user, { method: 'PATCH', url: '/v1/system_configurations', payload: { system_configuration: { key: 'messages', value: 'inactive' } } })), 403);
      expect((await t.app.inject(as(user, { method: 'GET', url: '/v1/system_configurations' }))).statusCode).toBe(403);
    }
  });
});

describe('publishing a post', () => {
  const { call, newVisitor, register, completePost } = postHelpers(() => t);

  it('uses the bidding and review periods an admin set', async () => {
    expect((await patch(10)).statusCode).toBe(200);
    expect((await patch(3, 'post_review_period_days')).statusCode).toBe(200);

    const visitor = await newVisitor();
    const parts = await completePost(visitor);
    await register(visitor, `periods-${parts.post}@example.com`);
    const published = await call(visitor, 'PATCH', `/v2/posts/${parts.post}`, { operation: 'validate' });
    expect(published.statusCode, published.body).toBe(200);
    const view = published.json();
    const publishedAt = Date.parse(view.published_at);
    expect(Date.parse(view.bidding_period_expiry_on) - publishedAt).toBe(10 * 86_400_000);
    expect(Date.parse(view.review_bids_on) - publishedAt).toBe(13 * 86_400_000);
  });
});
