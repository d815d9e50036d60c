import { describe, expect, it } from 'vitest';
import { bidErrors } from '../../domain/bid/decider';
import { bidProblem } from './bid-replies';

describe('a bid refusal as problem+json', () => {
  it("names the form's field errors under home_loan_bid, a form-wide one as home_loan_bid itself", () => {
    const answer = bidProblem({ code: bidErrors.invalid, message: 'The bid has invalid fields.', errors: { interest_rate: ['Too high'], body: ['Unknown field'] } });
    expect(answer).toMatchObject({ status: 422, code: 'BID_INVALID', errors: { 'home_loan_bid.interest_rate': ['Too high'], home_loan_bid: ['Unknown field'] } });
  });

  it('names a refusal about the chosen provider beside fsp_user_uuid', () => {
    const answer = bidProblem({ code: bidErrors.invalid, message: 'No such active provider.' }, 'fsp_user_uuid');
    expect(answer).toMatchObject({ status: 422, errors: { fsp_user_uuid: ['No such active provider.'] } });
  });

  it('keeps the field errors of other codes as the decider names them (a cancellation without a reason)', () => {
    const answer = bidProblem({ code: bidErrors.reasonRequired, message: 'The reason is required.', errors: { reason: ['The reason is required.'] } });
    expect(answer).toMatchObject({ status: 422, errors: { reason: ['The reason is required.'] } });
  });

  it('carries the warnings to confirm and the LVR block', () => {
    const warnings = [{ code: 'not_beating_leading_bid' as const, message: 'Your bid does not beat the leading bid.' }];
    expect(bidProblem({ code: bidErrors.needsConfirmation, message: 'This bid needs your confirmation.', warnings })).toMatchObject({ status: 409, warnings });
    const lvr = { post_lvr: 90, maximum_lvr: 80, detail: 'The post is at 90%.' };
    expect(bidProblem({ code: bidErrors.lvrTooHigh, message: 'Too high.', lvr })).toMatchObject({ status: 422, lvr });
  });

  it('answers 403 at the bidding limit', () => {
    expect(bidProblem({ code: bidErrors.biddingLimitReached, message: 'You have reached your bidding limit.' })).toMatchObject({ status: 403, code: 'BIDDING_LIMIT_REACHED' });
  });
});
