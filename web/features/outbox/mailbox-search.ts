import { z } from 'zod';
import { outboxChannel, outboxFilter, outboxStatus } from '../../../domain/outbox/schemas';
import { listPageSizes, sortDirection } from '../../../domain/shared/list-query';
import type { OutboxListParams } from './api/list-outbox-messages';

// The mailbox's state lives in the URL (page, order, filters). A value that does not fit is dropped rather than
// failing the page; the default is the first page of 25, newest first.

export const mailboxPageSize = listPageSizes.standard;

/** TanStack Router reads `?recipient=0412` as a number; the filter wants text. */
const searchText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), outboxFilter.shape.recipient);

export const mailboxSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  direction: sortDirection.optional().catch(undefined),
  channel: outboxChannel.optional().catch(undefined),
  status: outboxStatus.optional().catch(undefined),
  recipient: searchText.catch(undefined),
});

export type MailboxSearch = z.infer<typeof mailboxSearch>;

export function toListParams(search: MailboxSearch): OutboxListParams {
  return {
    page: search.page ?? 1,
    count: mailboxPageSize,
    direction: search.direction ?? 'desc',
    filter: {
      ...(search.channel ? { channel: search.channel } : {}),
      ...(search.status ? { status: search.status } : {}),
      ...(search.recipient ? { recipient: search.recipient } : {}),
    },
  };
}
