import { describe, expect, it } from 'vitest';
import { outboxListPath } from './api/list-outbox-messages';
import { mailboxSearch, toListParams } from './mailbox-search';

describe('the mailbox address', () => {
  it('defaults to the first page of 25, newest first', () => {
    const params = toListParams(mailboxSearch.parse({}));
    expect(params).toEqual({ page: 1, count: 25, direction: 'desc', filter: {} });
    expect(decodeURIComponent(outboxListPath(params))).toBe('/v1/outbox_messages?page=1&count=25&sorting[created_at]=desc');
  });

  it('sends the filters the way the API reads them', () => {
    const search = mailboxSearch.parse({ page: 2, direction: 'asc', channel: 'sms', status: 'kept', recipient: 'jane@example.com' });
    expect(decodeURIComponent(outboxListPath(toListParams(search)))).toBe(
      '/v1/outbox_messages?page=2&count=25&sorting[created_at]=asc&filter[channel]=sms&filter[status]=kept&filter[recipient]=jane@example.com',
    );
  });

  it('drops values that do not fit instead of failing the page', () => {
    const search = mailboxSearch.parse({ page: 0, direction: 'up', channel: 'fax', status: 'lost', recipient: '<script>' });
    expect(toListParams(search)).toEqual({ page: 1, count: 25, direction: 'desc', filter: {} });
    expect(mailboxSearch.parse({ recipient: 412345678 }).recipient).toBe('412345678');
  });
});
