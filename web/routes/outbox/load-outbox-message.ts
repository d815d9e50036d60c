import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { outboxMessageQueryOptions } from '../../features/outbox/api/get-outbox-message';
import { isApiError } from '../../lib/api-error';

const messageId = z.uuid();

/** Loads the message of a `/mailbox/{id}` route; a malformed or unknown id is a not-found. */
export async function loadOutboxMessage(queryClient: QueryClient, id: string): Promise<void> {
  if (!messageId.safeParse(id).success) throw notFound();
  try {
    await queryClient.fetchQuery(outboxMessageQueryOptions(id));
  } catch (error) {
    if (isApiError(error, 404)) throw notFound();
    throw error;
  }
}
