import { describe, expect, it } from 'vitest';
import { bidListPath } from './api/list-bids';
import { bidListSearch, toBidListParams } from './bid-list-search';

describe('the bids list state in the URL', () => {
  it('defaults to the first page of 25, newest first', () => {
    expect(toBidListParams(bidListSearch.parse({}), 'own')).toEqual({ scope: 'own', page: 1, count: 25, direction: 'desc' });
  });

  it('drops values that do not fit instead of failing the page', () => {
    expect(bidListSearch.parse({ page: -2, direction: 'up', status: 'won' })).toEqual({});
  });

  it('asks the provider list or the admin list with the status filter and the order', () => {
    const own = toBidListParams(bidListSearch.parse({ page: 2, status: 'cancelled', direction: 'asc' }), 'own');
    expect(bidListPath(own)).toBe('/v4/home_loan_bids?page=2&count=25&sorting%5Bcreated_at%5D=asc&filter%5Bstatus%5D=cancelled');
    expect(bidListPath(toBidListParams({}, 'all'))).toBe('/v5/home_loan_bids?page=1&count=25&sorting%5Bcreated_at%5D=desc');
  });
});
