import { describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../domain/user/permissions';
import type { UserType } from '../../domain/user/schemas';
import type { DealRow } from '../../projections/deals/deals';
import type { Actor } from '../caller';
import { mayReadContactPreference, mayReadDeal, maySeeCustomer, mayWriteDeal } from './deal-access';

// Who sees and writes what of a deal (docs/deals.md "Who sees what"), as the deal routes and the acceptance apply it.

const deal = { provider_id: 'provider', organisation_id: 'org', customer_id: 'customer' } as DealRow;
const actor = (userType: UserType, userId: string, changes: Partial<Actor['permissions']> = {}, organisationUuid: string | null = null): Actor => ({
  userId,
  userType,
  organisationUuid,
  permissions: { ...defaultPermissions(userType), ...changes },
});

describe('who may read a deal', () => {
  it('its provider; another of its organisation only with view_all_within_organisation; an admin only with view; never a customer', () => {
    expect(mayReadDeal(actor('fsp', 'provider'), deal)).toBe(true);
    expect(mayReadDeal(actor('fsp', 'colleague', { view_all_within_organisation: false }, 'org'), deal)).toBe(false);
    expect(mayReadDeal(actor('fsp', 'colleague', { view_all_within_organisation: true }, 'org'), deal)).toBe(true);
    expect(mayReadDeal(actor('fsp', 'stranger', { view_all_within_organisation: true }, 'other-org'), deal)).toBe(false);
    expect(mayReadDeal(actor('admin', 'admin'), deal)).toBe(true);
    expect(mayReadDeal(actor('admin', 'admin', { view: false }), deal)).toBe(false);
    expect(mayReadDeal(actor('customer', 'customer'), deal)).toBe(false);
  });

  it("the customer's details and writing: its provider and admins, not the organisation's other providers", () => {
    const colleague = actor('fsp', 'colleague', { view_all_within_organisation: true }, 'org');
    expect([maySeeCustomer(actor('fsp', 'provider'), deal), maySeeCustomer(colleague, deal), maySeeCustomer(actor('admin', 'admin'), deal)]).toEqual([true, false, true]);
    expect([mayWriteDeal(actor('fsp', 'provider'), deal), mayWriteDeal(colleague, deal), mayWriteDeal(actor('admin', 'admin'), deal)]).toEqual([true, false, true]);
  });

  it("the contact preference: the deal's customer and the deal's readers, not another customer", () => {
    expect(mayReadContactPreference(actor('customer', 'customer'), deal)).toBe(true);
    expect(mayReadContactPreference(actor('customer', 'someone-else'), deal)).toBe(false);
    expect(mayReadContactPreference(actor('fsp', 'provider'), deal)).toBe(true);
  });
});
