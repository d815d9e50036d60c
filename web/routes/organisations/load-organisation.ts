import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api-error';
import { organisationQueryOptions } from '../../features/organisations/api/get-organisation';

const organisationUuid = z.uuid();

/** Loads the organisation of a `/organisation/{uuid}` route; a malformed or unknown uuid is a not-found. */
export async function loadOrganisation(queryClient: QueryClient, uuid: string): Promise<void> {
  if (!organisationUuid.safeParse(uuid).success) throw notFound();
  try {
    // fetchQuery rather than ensureQueryData: after a change or a removal marked it stale, the page must not
    // show the old organisation first.
    await queryClient.fetchQuery(organisationQueryOptions(uuid));
  } catch (error) {
    if (isApiError(error, 404)) throw notFound();
    throw error;
  }
}
