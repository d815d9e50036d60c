import { describe, expect, it } from 'vitest';
import { defaultPermissions, type PermissionKey } from '../../../domain/user/permissions';
import type { UserView } from '../../../domain/user/schemas';
import type { Session } from '../../lib/session';
import { mayCancelTemplateBids, mayChangeAutoBidding, mayChangeTemplate, mayCreateTemplate, mayDeleteTemplate, mayOpenTemplates, providerFilterScope, showsTemplateOwner } from './template-access';

// spec 3 §6 as the template screens offer it (the API decides again: tests/api/bid-templates.int.test.ts).

const me = '11111111-1111-4111-8111-111111111111';
const colleague = { fsp_user_uuid: '22222222-2222-4222-8222-222222222222' };
const own = { fsp_user_uuid: me };

function sessionOf(userType: UserView['user_type'], changes: Partial<Record<PermissionKey, boolean>> = {}): Session {
  const permissions = { ...defaultPermissions(userType), ...changes };
  const user = { uuid: me, user_type: userType, status: 'active', fsp: userType === 'fsp' ? { organisation: { uuid: '33333333-3333-4333-8333-333333333333', name: 'Harbour Lending' } } : null } as UserView;
  return { user, permissions, can: (key) => permissions[key] };
}

describe('who opens the templates', () => {
  it('providers and admins with view; a customer is refused', () => {
    expect(mayOpenTemplates(sessionOf('fsp'))).toBe(true);
    expect(mayOpenTemplates(sessionOf('admin'))).toBe(true);
    expect(mayOpenTemplates(sessionOf('admin', { view: false }))).toBe(false);
    expect(mayOpenTemplates(sessionOf('customer'))).toBe(false);
  });
});

describe('what a provider may do', () => {
  it('creates with create_bid_template', () => {
    expect(mayCreateTemplate(sessionOf('fsp'))).toBe(true);
    expect(mayCreateTemplate(sessionOf('fsp', { create_bid_template: false }))).toBe(false);
  });

  it('changes its own; a colleague’s only with update_organisation_bid_template', () => {
    expect(mayChangeTemplate(sessionOf('fsp'), own)).toBe(true);
    expect(mayChangeTemplate(sessionOf('fsp'), colleague)).toBe(false);
    expect(mayChangeTemplate(sessionOf('fsp', { update_organisation_bid_template: true }), colleague)).toBe(true);
  });

  it('turns auto-bidding on or off on what it may change, with execute_automatic_bidding; admins always', () => {
    expect(mayChangeAutoBidding(sessionOf('fsp'), own)).toBe(true);
    expect(mayChangeAutoBidding(sessionOf('fsp', { execute_automatic_bidding: false }), own)).toBe(false);
    expect(mayChangeAutoBidding(sessionOf('fsp'), colleague)).toBe(false);
    expect(mayChangeAutoBidding(sessionOf('admin'), colleague)).toBe(true);
  });

  it('cancels the bids of its own templates with cancel_active_bids, never a colleague’s; admins always', () => {
    expect(mayCancelTemplateBids(sessionOf('fsp'), own)).toBe(true);
    expect(mayCancelTemplateBids(sessionOf('fsp', { cancel_active_bids: false }), own)).toBe(false);
    expect(mayCancelTemplateBids(sessionOf('fsp', { update_organisation_bid_template: true }), colleague)).toBe(false);
    expect(mayCancelTemplateBids(sessionOf('admin'), colleague)).toBe(true);
  });

  it('deletes what it may change, with delete_bid_template', () => {
    expect(mayDeleteTemplate(sessionOf('fsp'), own)).toBe(true);
    expect(mayDeleteTemplate(sessionOf('fsp', { delete_bid_template: false }), own)).toBe(false);
    expect(mayDeleteTemplate(sessionOf('fsp'), colleague)).toBe(false);
  });

  it('sees owners and filters by provider only with the organisation’s templates', () => {
    expect(showsTemplateOwner(sessionOf('fsp'))).toBe(false);
    expect(providerFilterScope(sessionOf('fsp'))).toBeNull();
    expect(showsTemplateOwner(sessionOf('fsp', { view_bid_templates_within_organisation: true }))).toBe(true);
    expect(providerFilterScope(sessionOf('fsp', { view_bid_templates_within_organisation: true }))).toBe('organisation');
  });
});

describe('what an admin may do', () => {
  it('everything, over every provider', () => {
    const admin = sessionOf('admin');
    expect([mayCreateTemplate(admin), mayChangeTemplate(admin, colleague), mayDeleteTemplate(admin, colleague), showsTemplateOwner(admin)]).toEqual([true, true, true, true]);
    expect(providerFilterScope(admin)).toBe('all');
  });
});
