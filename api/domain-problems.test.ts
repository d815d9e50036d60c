import { describe, expect, it } from 'vitest';
import { bidErrors } from '../domain/bid/decider';
import { bidTemplateErrors } from '../domain/bid-template/decider';
import { campaignErrors } from '../domain/campaign/decider';
import { slugTakenError } from '../domain/campaign/slug-reservation';
import { conversationErrors } from '../domain/conversation/decider';
import { dealErrors } from '../domain/deal/decider';
import { externalDealErrors } from '../domain/external-deal/decider';
import { productErrors } from '../domain/financial-institution-product/decider';
import { organisationErrors } from '../domain/organisation/decider';
import { postErrors } from '../domain/post/decider';
import { lifecycleErrors } from '../domain/post/lifecycle';
import { postNoteErrors } from '../domain/post-note/decider';
import { questionErrors } from '../domain/question/decider';
import { reviewErrors } from '../domain/review/decider';
import { subscriberErrors } from '../domain/subscriber/decider';
import { systemConfigurationErrors } from '../domain/system-configuration/decider';
import { userErrors } from '../domain/user/decider';
import { domainProblem, statusOfCode } from './domain-problems';

const everyDecidersCodes = [
  bidErrors, bidTemplateErrors, campaignErrors, { slugTakenError }, conversationErrors, dealErrors, externalDealErrors, organisationErrors, productErrors, postErrors, lifecycleErrors, postNoteErrors,
  questionErrors, reviewErrors, subscriberErrors, systemConfigurationErrors, userErrors,
].flatMap((codes) => Object.values(codes));

describe('the table from domain error code to HTTP status', () => {
  it('knows every code every decider can refuse with', () => {
    expect(everyDecidersCodes.filter((code) => !(code in statusOfCode))).toEqual([]);
  });

  it('answers problem+json with the status, the code, the message and the field errors under the wrapper', () => {
    const answer = domainProblem({ code: bidErrors.invalid, message: 'The bid has invalid fields.', errors: { interest_rate: ['Too high'] } }, { wrapper: 'home_loan_bid' });
    expect(answer).toMatchObject({ status: 422, code: 'BID_INVALID', detail: 'The bid has invalid fields.', errors: { 'home_loan_bid.interest_rate': ['Too high'] } });
    expect(domainProblem({ code: dealErrors.notFound, message: 'Deal not found.' })).toMatchObject({ status: 404, title: 'Not Found' });
    expect(domainProblem({ code: reviewErrors.notPostOwner, message: 'No.' }, { field: 'review.customer_uuid' }).errors).toEqual({ 'review.customer_uuid': ['No.'] });
  });
});
