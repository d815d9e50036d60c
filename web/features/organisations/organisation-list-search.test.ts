import { describe, expect, it } from 'vitest';
import { organisationListPath } from './api/list-organisations';
import { organisationListSearch, toListParams } from './organisation-list-search';

describe('the organisations list address', () => {
  it('defaults to the first page of 25, newest first (spec 1 §9)', () => {
    const params = toListParams(organisationListSearch.parse({}));
    expect(params).toEqual({ page: 1, count: 25, sort: 'created_at', direction: 'desc', filter: {} });
    expect(organisationListPath(params)).toBe('/v4/organisations?page=1&count=25&sorting%5Bcreated_at%5D=desc');
  });

  it('sends the sort and the filters the way the API reads them', () => {
    const search = organisationListSearch.parse({ page: 2, sort: 'name', direction: 'asc', name: 'Harbour Bank', status: 'active' });
    expect(decodeURIComponent(organisationListPath(toListParams(search)))).toBe(
      '/v4/organisations?page=2&count=25&sorting[name]=asc&filter[name]=Harbour+Bank&filter[status]=active',
    );
  });

  it('drops values that do not fit instead of failing the page', () => {
    const search = organisationListSearch.parse({ page: -3, sort: 'password', direction: 'up', name: 'abc$', organisation_type: 'bank' });
    expect(toListParams(search)).toEqual({ page: 1, count: 25, sort: 'created_at', direction: 'desc', filter: {} });
  });

  it('reads a name the router parsed as a number as text', () => {
    expect(organisationListSearch.parse({ name: 2024 }).name).toBe('2024');
  });
});
