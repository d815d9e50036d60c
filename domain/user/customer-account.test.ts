import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import { customerRegistration } from './customer-account';
import { userDecider, userErrors } from './decider';
import type { UserEvent } from './events';

const given = specFor(userDecider);
const id = 'c-1';
const personal = { first_name: 'Chloe', last_name: 'Jones', email: 'chloe@example.com', country_code: '61', mobile_number: '0412345678' };
const visitor: UserEvent = { type: 'CustomerCreated', data: { user_id: id, personal: null, password_hash: null, status: 'creating' } };
const register = { type: 'RegisterCustomer' as const, data: { user_id: id, personal, password_hash: 'h' } };
const askForLink = { type: 'RequestIncompletePostLink' as const, data: { user_id: id, post_id: 'p-1' } };

describe('the post wizard’s customer', () => {
  it('registers while creating the first post, as often as it corrects itself', () => {
    expect(given([visitor]).when(register)).toEqual({ ok: true, events: [{ type: 'CustomerRegistered', data: register.data }] });
    expect(given([visitor, { type: 'CustomerRegistered', data: register.data }]).when(register)).toMatchObject({ ok: true, events: [{ type: 'CustomerRegistered' }] });
  });

  it('no longer registers this way once active', () => {
    const active: UserEvent = { type: 'UserStatusChanged', data: { user_id: id, from: 'creating', to: 'active' } };
    expect(given([visitor, active]).when(register)).toMatchObject({ ok: false, error: { code: userErrors.notCreating } });
  });

  it('gets the link to an unfinished post only with an e-mail address to send it to', () => {
    expect(given([visitor]).when(askForLink)).toMatchObject({ ok: false, error: { code: userErrors.notRegistered } });
    expect(given([visitor, { type: 'CustomerRegistered', data: register.data }]).when(askForLink)).toEqual({
      ok: true,
      events: [{ type: 'IncompletePostLinkRequested', data: { user_id: id, post_id: 'p-1' } }],
    });
  });

  it('confirms the password', () => {
    const fields = { ...personal, mobile_number: '0412 345 678', password: 'Harbour-Home-7', password_confirmation: 'Harbour-Home-7' };
    expect(customerRegistration.safeParse(fields).success).toBe(true);
    const different = customerRegistration.safeParse({ ...fields, password_confirmation: 'Harbour-Home-8' });
    expect(different.error?.issues).toEqual([expect.objectContaining({ path: ['password_confirmation'], message: 'Passwords are different' })]);
  });
});
