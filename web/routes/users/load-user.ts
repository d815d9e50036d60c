import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { userQueryOptions } from '../../features/users/api/get-user';
import { isApiError } from '../../lib/api-error';

const userUuid = z.uuid();

/** Loads the user of a `/user/{uuid}` route; a malformed or unknown uuid is a not-found. */
export async function loadUser(queryClient: QueryClient, uuid: string): Promise<void> {
  if (!userUuid.safeParse(uuid).success) throw notFound();
  try {
    // fetchQuery: after a change marked it stale, the page must not show the old user first.
    await queryClient.fetchQuery(userQueryOptions(uuid));
  } catch (error) {
    if (isApiError(error, 404)) throw notFound();
    throw error;
  }
}
