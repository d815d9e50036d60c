import { describe, expect, it } from 'vitest';
import { isSearchable, userListSearch } from './user-list-search';

describe('the users list search in the URL', () => {
  it('keeps a page and a search text, numbers read as text', () => {
    expect(userListSearch.parse({ page: 2, search: 'pat@' })).toEqual({ page: 2, search: 'pat@' });
    expect(userListSearch.parse({ search: 412345 })).toEqual({ page: undefined, search: '412345' });
  });
  it('drops what does not fit instead of failing the page', () => {
    expect(userListSearch.parse({ page: 0, search: "'; drop table" })).toEqual({ page: undefined, search: undefined });
    expect(isSearchable('Jane O\'Neil')).toBe(true);
    expect(isSearchable('<script>')).toBe(false);
  });
});
