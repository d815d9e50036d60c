import { describe, expect, it } from 'vitest';
import { autoBiddingStatuses } from '../../../domain/bid-template/schemas';
import { autoBiddingStatusList } from './bid-template-labels';
import { bidTemplateListSearch, toBidTemplateListParams } from './bid-template-list-search';
import { bidTemplateListPath } from './api/list-bid-templates';

describe('the templates list’s address', () => {
  it('drops what does not fit rather than failing the page', () => {
    expect(bidTemplateListSearch.parse({ page: 0, provider: 'x', auto_bidding: 'on' })).toEqual({});
  });

  it('asks the API for 25 a page, newest first, with the filters given (spec 3 §9)', () => {
    const organisation = '33333333-3333-4333-8333-333333333333';
    const path = bidTemplateListPath(toBidTemplateListParams({ page: 2, organisation, auto_bidding: 'active' }));
    expect(path).toBe(`/v4/home_loan_bid_templates?page=2&count=25&sorting%5Bcreated_at%5D=desc&filter%5Borganisation_uuid%5D=${organisation}&filter%5Bauto_bidding%5D=active`);
  });

  it('offers every auto-bidding status of the domain, in its order', () => {
    expect(autoBiddingStatusList).toEqual([...autoBiddingStatuses]);
  });
});
