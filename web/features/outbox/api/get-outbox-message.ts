import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { outboxMessageView } from '../../../../domain/outbox/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { outboxKeys } from './outbox-keys';

export function getOutboxMessage(id: string, signal?: AbortSignal) {
  return apiFetch(`/v1/outbox_messages/${encodeURIComponent(id)}`, { schema: outboxMessageView, signal });
}

export function outboxMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: outboxKeys.detail(id),
    queryFn: ({ signal }) => getOutboxMessage(id, signal),
  });
}

export function useOutboxMessage(id: string) {
  return useSuspenseQuery(outboxMessageQueryOptions(id));
}
