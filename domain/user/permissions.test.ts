import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import { userDecider, userErrors } from './decider';
import type { UserEvent } from './events';
import { defaultPermissions, effectivePermissions, managersMayChange, permissionKeys, permissionLabel, type PermissionMap } from './permissions';

const given = specFor(userDecider);
const id = 'u-1';
const personal = { first_name: 'Jo', last_name: 'Lee', email: 'jo@example.com', country_code: '61', mobile_number: '0412345678' };
const provider: UserEvent = {
  type: 'ProviderSignedUp',
  data: {
    user_id: id,
    personal,
    provider: { organisation_uuid: 'o-1', organisation_name: 'Bank', provider_type: 'broker', membership_type: 'MFAA', membership_value: '1234', acl_number: '1234', lender_since: null },
    password_hash: 'h',
  },
};
const customer: UserEvent = { type: 'CustomerCreated', data: { user_id: id, personal, password_hash: null, status: 'creating' } };
const change = (permissions: Partial<PermissionMap>) => ({ type: 'ChangePermissions' as const, data: { user_id: id, permissions, changed_by: 'admin-1' } });

describe('permissions', () => {
  it('admins hold every permission by default, customers none, providers the everyday ones', () => {
    expect(Object.values(defaultPermissions('admin')).every(Boolean)).toBe(true);
    expect(Object.values(defaultPermissions('customer')).some(Boolean)).toBe(false);
    const fsp = defaultPermissions('fsp');
    expect(fsp.view_active_posts && fsp.create_bid_template && fsp.cancel_active_bids).toBe(true);
    expect(fsp.manage_permissions_for_fsps_within_org || fsp.update_permission || fsp.view_permission).toBe(false);
  });

  it('stored changes win over the defaults, except for customers', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...permissionKeys), fc.boolean()), fc.constantFrom('admin' as const, 'fsp' as const), (changes, userType) => {
        const effective = effectivePermissions(userType, changes);
        for (const key of permissionKeys) expect(effective[key]).toBe(changes[key] ?? defaultPermissions(userType)[key]);
        expect(Object.values(effectivePermissions('customer', changes)).some(Boolean)).toBe(false);
      }),
    );
  });

  it('managers may hand out everything but the admin-only keys', () => {
    expect(managersMayChange('create_anonymous_bid')).toBe(true);
    expect(managersMayChange('update_permission')).toBe(false);
    expect(managersMayChange('view_permission')).toBe(false);
  });

  it('labels a key as the panel shows it', () => {
    expect(permissionLabel('manage_permissions_for_fsps_within_org')).toBe('Manage permissions for fsps within org');
  });
});

describe('changing a user’s permissions', () => {
  it('records only what differs from what the user holds', () => {
    expect(given([provider]).when(change({ create_anonymous_bid: false, view: true }))).toEqual({
      ok: true,
      events: [{ type: 'UserPermissionsChanged', data: { user_id: id, permissions: { create_anonymous_bid: false }, changed_by: 'admin-1' } }],
    });
    const changed: UserEvent = { type: 'UserPermissionsChanged', data: { user_id: id, permissions: { create_anonymous_bid: false }, changed_by: 'admin-1' } };
    expect(given([provider, changed]).when(change({ create_anonymous_bid: false }))).toEqual({ ok: true, events: [] });
    expect(given([provider, changed]).when(change({ create_anonymous_bid: true }))).toMatchObject({ ok: true, events: [{ data: { permissions: { create_anonymous_bid: true } } }] });
  });

  it('gives customers none', () => {
    expect(given([customer]).when(change({ view: true }))).toMatchObject({ ok: false, error: { code: userErrors.customerPermissions } });
  });

  it('needs a user', () => {
    expect(given([]).when(change({ view: true }))).toMatchObject({ ok: false, error: { code: userErrors.notFound } });
  });
});

describe('customers', () => {
  it('are created once, still creating their first post or active', () => {
    const create = { type: 'CreateCustomer' as const, data: { user_id: id, personal, password_hash: null, status: 'creating' as const } };
    expect(given([]).when(create)).toEqual({ ok: true, events: [customer] });
    expect(given([customer]).when(create)).toMatchObject({ ok: false, error: { code: userErrors.alreadyExists } });
  });
});
