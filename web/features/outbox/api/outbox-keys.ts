import type { OutboxListParams } from './list-outbox-messages';

// Hierarchical query keys: ['outbox', 'list', …] for pages of the mailbox, ['outbox', id] for one message.
export const outboxKeys = {
  all: ['outbox'] as const,
  lists: () => ['outbox', 'list'] as const,
  list: (params: OutboxListParams) => ['outbox', 'list', params] as const,
  detail: (id: string) => ['outbox', id] as const,
};
