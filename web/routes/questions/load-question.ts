import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { questionQueryOptions } from '../../features/questions/api/get-question';
import { isApiError } from '../../lib/api-error';

const questionUuid = z.uuid();

/** Loads the question of a `/question/{uuid}` route; a malformed or unknown uuid is a not-found. */
export async function loadQuestion(queryClient: QueryClient, uuid: string): Promise<void> {
  if (!questionUuid.safeParse(uuid).success) throw notFound();
  try {
    // fetchQuery rather than ensureQueryData: after a change marked it stale, the page must not show the old text.
    await queryClient.fetchQuery(questionQueryOptions(uuid));
  } catch (error) {
    if (isApiError(error, 404)) throw notFound();
    throw error;
  }
}
