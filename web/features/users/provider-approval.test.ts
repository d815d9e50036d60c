import { describe, expect, it } from 'vitest';
import type { UserView } from '../../../domain/user/schemas';
import { approvalProblems } from './provider-approval';

describe('approving a pending provider (spec 2 §5)', () => {
  it('needs nothing fixed when the sign-up data is valid', () => {
    expect(approvalProblems(provider, 2026)).toEqual([]);
  });
  it('names each field to fix with its rule', () => {
    const broken = { ...provider, first_name: '', fsp: { ...provider.fsp!, acl_number: '12', lender_since: 2030 } };
    expect(approvalProblems(broken, 2026)).toEqual([
      { field: 'first_name', label: 'First name', message: 'This field is required' },
      { field: 'acl_number', label: 'ACL number', message: 'Should be at least 4 characters' },
      { field: 'lender_since', label: 'Lender since', message: "Can't be in future" },
    ]);
  });
});

const provider: UserView = {
  uuid: '6a1f3c2e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
  user_type: 'fsp',
  status: 'pending',
  first_name: 'Pat',
  last_name: 'Provider',
  full_name: 'Pat Provider',
  email: 'pat@harbour.example',
  email_verified: true,
  country_code: '61',
  mobile_number: '0412345678',
  fsp: {
    organisation: { uuid: null, name: 'Harbour Bank' },
    provider_type: 'broker',
    provider_type_label: 'Broker',
    membership_type: 'MFAA',
    membership_value: '123456',
    acl_number: '654321',
    lender_since: 2010,
    bids_accepted_limit: null,
    bids_contacted_limit: null,
    total_accepted_bids: 0,
    total_contacted_bids: 0,
    max_auto_bidding_review_period: 14,
  },
  address: null,
  avatar_url: null,
  date_of_birth: null,
  created_at: '2026-11-21T00:00:00.000Z',
};
