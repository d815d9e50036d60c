import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { bidRefusalOf } from './bid-refusal';

describe('refusals that open a dialog', () => {
  it('the LVR block carries both percentages', () => {
    const error = ApiError.fromBody(422, '', { title: "Your bid doesn't suit this post", status: 422, code: 'BID_LVR_TOO_HIGH', lvr: { post_lvr: 85, maximum_lvr: 80, detail: 'x' } });
    expect(bidRefusalOf(error)).toEqual({ kind: 'lvr', post_lvr: 85, maximum_lvr: 80 });
  });

  it('the warnings need a confirmation', () => {
    const warnings = [{ code: 'no_split_facility', message: 'The customer asked for a split rate and your bid has no split loan facility.' }];
    const error = ApiError.fromBody(409, '', { title: 'Please confirm', status: 409, code: 'BID_NEEDS_CONFIRMATION', warnings });
    expect(bidRefusalOf(error)).toEqual({ kind: 'warnings', warnings });
  });

  it('anything else stays on the form', () => {
    expect(bidRefusalOf(ApiError.fromBody(422, '', { status: 422, errors: { 'home_loan_bid.interest_rate': ['Max value is 15'] } }))).toBeNull();
    expect(bidRefusalOf(ApiError.fromBody(409, '', { status: 409, code: 'BID_NEEDS_CONFIRMATION', warnings: [] }))).toBeNull();
    expect(bidRefusalOf(new Error('offline'))).toBeNull();
  });
});
