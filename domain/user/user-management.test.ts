import { describe, expect, it } from 'vitest';
import { ageOn, patchKinds, userPatchBody } from './user-management';

describe('ageOn', () => {
  const today = new Date(2026, 10, 21); // 21 November 2026
  it('counts a birthday reached today as a full year', () => {
    expect(ageOn('2008-11-21', today)).toBe(18);
    expect(ageOn('2008-11-22', today)).toBe(17);
    expect(ageOn('1946-01-01', today)).toBe(80);
  });
});

describe('the PATCH /v1/users/{uuid} body', () => {
  const body = userPatchBody(() => new Date(2026, 10, 21));
  it('asks for a status, the limits or details, one at a time', () => {
    expect(patchKinds({ status: 'active' })).toEqual(['status']);
    expect(patchKinds({ fsp: { bids_accepted_limit: 3 } })).toEqual(['limits']);
    expect(patchKinds({ first_name: 'Pat', fsp: { acl_number: 'ACL-1' } })).toEqual(['details']);
    expect(patchKinds({ status: undefined, first_name: 'Pat' })).toEqual(['details']);
    expect(body.safeParse({ user: { status: 'active', fsp: { bids_accepted_limit: 1 } } }).success).toBe(false);
  });
  it('checks the age against the day it is given (18 to 80)', () => {
    expect(body.safeParse({ user: { date_of_birth: '2008-11-21' } }).success).toBe(true);
    expect(body.safeParse({ user: { date_of_birth: '2008-11-22' } }).error?.issues[0]?.message).toBe('Age should be more than or equal to 18 years');
    expect(body.safeParse({ user: { date_of_birth: '1945-11-20' } }).error?.issues[0]?.message).toBe('Age should be less than or equal to 80 years');
  });
});
