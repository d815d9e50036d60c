import { describe, expect, it } from 'vitest';
import { questionListPath } from './api/list-questions';
import { canReorder, questionListSearch, toListParams } from './question-list-search';

describe('the questions list address', () => {
  it('defaults to the questions in their own order', () => {
    const params = toListParams('active', questionListSearch.parse({}));
    expect(params).toEqual({ status: 'active', page: 1, count: 100, sort: 'position', direction: 'asc', filter: {} });
    expect(decodeURIComponent(questionListPath(params))).toBe(
      '/v1/products/6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b/questions?status=active&page=1&count=100&sorting[position]=asc',
    );
    expect(canReorder(params)).toBe(true);
  });

  it('sends the sort and the search the way the API reads them; ? and . are allowed (spec 1 §5)', () => {
    const params = toListParams('inactive', questionListSearch.parse({ page: 2, sort: 'description', direction: 'desc', description: 'Why so?' }));
    expect(decodeURIComponent(questionListPath(params))).toBe(
      '/v1/products/6f1c3b8e-2a4d-4e5f-9a7b-0c1d2e3f4a5b/questions?status=inactive&page=2&count=100&sorting[description]=desc&filter[description]=Why+so?',
    );
    expect(canReorder(params)).toBe(false);
  });

  it('drops values that do not fit instead of failing the page', () => {
    const search = questionListSearch.parse({ page: 0, sort: 'password', direction: 'up', description: "x' or 1=1" });
    expect(toListParams('active', search)).toEqual({ status: 'active', page: 1, count: 100, sort: 'position', direction: 'asc', filter: {} });
  });

  it('does not offer moving rows while searching', () => {
    expect(canReorder(toListParams('active', questionListSearch.parse({ description: 'income' })))).toBe(false);
  });
});
