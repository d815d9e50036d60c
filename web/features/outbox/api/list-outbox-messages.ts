import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type OutboxFilter, outboxMessageSummary } from '../../../../domain/outbox/schemas';
import { listResultSchema, type sortDirection } from '../../../../domain/shared/list-query';
import { apiFetch } from '../../../lib/api-fetch';
import { outboxKeys } from './outbox-keys';

export type OutboxListParams = {
  page: number;
  count: number;
  direction: z.infer<typeof sortDirection>;
  filter: OutboxFilter;
};

export const outboxMessageList = listResultSchema(outboxMessageSummary);

/** `GET /v1/outbox_messages?page=1&count=25&sorting[created_at]=desc&filter[recipient]=…` (docs/mail.md). */
export function outboxListPath({ page, count, direction, filter }: OutboxListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count) });
  query.set('sorting[created_at]', direction);
  for (const [field, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') query.set(`filter[${field}]`, value);
  }
  return `/v1/outbox_messages?${query.toString()}`;
}

export function listOutboxMessages(params: OutboxListParams, signal?: AbortSignal) {
  return apiFetch(outboxListPath(params), { schema: outboxMessageList, signal });
}

export function outboxMessagesQueryOptions(params: OutboxListParams) {
  return queryOptions({
    queryKey: outboxKeys.list(params),
    queryFn: ({ signal }) => listOutboxMessages(params, signal),
    // Messages arrive without anything happening on this screen (a sign-up in another tab).
    refetchInterval: 5000,
  });
}

export function useOutboxMessages(params: OutboxListParams) {
  return useSuspenseQuery(outboxMessagesQueryOptions(params));
}
