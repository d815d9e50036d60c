import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../domain/user/permissions';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser } from '../support/users';

// The permissions panel's calls (spec 3 §6, §7): who may read and change whose permissions, and that a change
// counts at once on the server.

let t: TestApp;
const bank = '6f1c2b7e-0000-4000-8000-000000000001';
const otherBank = '6f1c2b7e-0000-4000-8000-000000000002';
let manager: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let customer: TestUser;
let readOnlyAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.createUser({ userType: 'fsp', organisationUuid: bank });
  colleague = await t.createUser({ userType: 'fsp', organisationUuid: bank });
  outsider = await t.createUser({ userType: 'fsp', organisationUuid: otherBank });
  customer = await t.createUser({ userType: 'customer' });
  readOnlyAdmin = await t.createUser({ userType: 'admin' });
  // The manager is made one by an admin; the other admin loses the right to change permissions.
  await change(t.admin, manager.id, { manage_permissions_for_fsps_within_org: true });
  await change(t.admin, readOnlyAdmin.id, { update_permission: false });
});
afterAll(async () => {
  await t.close();
});

const read = (viewer: TestUser, userId: string) => t.app.inject(as(viewer, { method: 'GET', url: `/v2/users/${userId}/permissions` }));
async function change(viewer: TestUser, userId: string, permissions: Record<string, unknown>) {
  const container = (await t.asAdmin({ method: 'GET', url: `/v2/users/${userId}/permissions` })).json().uuid;
  return t.app.inject(as(viewer, { method: 'PATCH', url: `/v2/users/${userId}/permissions/${container}`, payload: { permissions } }));
}
const valueOf = (body: { view: { key: string; value: boolean }[]; manage: { key: string; value: boolean }[]; bid: { key: string; value: boolean }[] }, key: string) =>
  [...body.view, ...body.manage, ...body.bid].find((entry) => entry.key === key)?.value;

describe('reading permissions', () => {
  it('answers them grouped view, manage and bid, with descriptions and the container uuid', async () => {
    const answer = await read(colleague, colleague.id);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.user_uuid).toBe(colleague.id);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.view.map((e: { key: string }) => e.key)).toContain('view_active_posts');
    expect(body.manage.map((e: { key: string }) => e.key)).toContain('manage_permissions_for_fsps_within_org');
    expect(body.bid.map((e: { key: string }) => e.key)).toContain('create_bid_template');
    const defaults = defaultPermissions('fsp');
    for (const entry of [...body.view, ...body.manage, ...body.bid]) {
      expect(entry.value).toBe(defaults[entry.key as keyof typeof defaults]);
      expect(entry.description.length).toBeGreaterThan(5);
    }
  });

  it('lets the user, an admin and the manager of the same organisation read them; nobody else', async () => {
    expect((await read(colleague, colleague.id)).statusCode).toBe(200);
    expect((await read(t.admin, colleague.id)).statusCode).toBe(200);
    expect((await read(manager, colleague.id)).statusCode).toBe(200);
    expect((await read(outsider, colleague.id)).statusCode).toBe(403);
    expect((await read(colleague, manager.id)).statusCode).toBe(403);
    expect((await read(customer, colleague.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/v2/users/${colleague.id}/permissions` })).statusCode).toBe(401);
  });

  it("gives a customer an empty set", async () => {
    const body = (await read(customer, customer.id)).json();
    expect([...body.view, ...body.manage, ...body.bid].every((entry: { value: boolean }) => entry.value === false)).toBe(true);
  });
});

describe('changing permissions', () => {
  it('an admin changes a provider’s permission, and the provider’s access changes at once', async () => {
    const bidder = await t.createUser({ userType: 'fsp', organisationUuid: otherBank });
    // `view` opens the posts list for providers; without it the provider may still log in and read the own account.
    const changed = await change(t.admin, bidder.id, { view_active_posts: false, view_bid_templates_within_organisation: true });
    expect(changed.statusCode).toBe(200);
    expect(valueOf(changed.json(), 'view_active_posts')).toBe(false);
    expect(valueOf((await read(bidder, bidder.id)).json(), 'view_bid_templates_within_organisation')).toBe(true);
  });

  it('a manager changes a colleague’s permissions, but not an admin-only one, and not outside the organisation', async () => {
    expect((await change(manager, colleague.id, { create_anonymous_bid: false })).statusCode).toBe(200);
    const before = await t.eventCount();
    const reserved = await change(manager, colleague.id, { update_permission: true });
    expect(reserved.json()).toMatchObject({ status: 403, code: 'PERMISSION_RESERVED' });
    expect((await change(manager, outsider.id, { create_anonymous_bid: false })).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await change(colleague, manager.id, { create_anonymous_bid: false })).statusCode).toBe(403);
    expect(await t.eventCount()).toBe(before);
  });

  it('nobody changes the own permissions; an admin without update_permission changes none', async () => {
    const before = await t.eventCount();
    expect((await change(t.admin, t.admin.id, { view: false })).json()).toMatchObject({ status: 403, code: 'OWN_PERMISSIONS' });
    expect((await change(readOnlyAdmin, colleague.id, { view: false })).statusCode).toBe(403);
    expect((await change(customer, colleague.id, { view: false })).statusCode).toBe(403);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses customers, unknown keys, non-booleans, an empty change and a wrong container', async () => {
    const before = await t.eventCount();
    expect((await change(t.admin, customer.id, { view: true })).json()).toMatchObject({ status: 422, code: 'CUSTOMER_HAS_NO_PERMISSIONS' });
    const unknown = await change(t.admin, colleague.id, { fly: true });
    expect(unknown.statusCode).toBe(422);
    expect((await change(t.admin, colleague.id, { view: 'yes' })).statusCode).toBe(422);
    expect((await change(t.admin, colleague.id, {})).statusCode).toBe(422);
    const wrongContainer = await t.asAdmin({ method: 'PATCH', url: `/v2/users/${colleague.id}/permissions/${colleague.id}`, payload: { permissions: { view: false } } });
    expect(wrongContainer.statusCode).toBe(404);
    expect(await t.eventCount()).toBe(before);
  });

  it('records nothing when nothing changes', async () => {
    const before = await t.eventCount();
    expect((await change(t.admin, colleague.id, { view: true })).statusCode).toBe(200);
    expect(await t.eventCount()).toBe(before);
  });

  it('an admin who loses `view` loses the administration at once', async () => {
    const admin = await t.createUser({ userType: 'admin' });
    expect((await t.app.inject(as(admin, { method: 'GET', url: '/v4/organisations' }))).statusCode).toBe(200);
    await change(t.admin, admin.id, { view: false });
    expect((await t.app.inject(as(admin, { method: 'GET', url: '/v4/organisations' }))).statusCode).toBe(403);
  });
});
