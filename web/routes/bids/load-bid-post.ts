import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { bidPostQueryOptions } from '../../features/bids/api/get-bid-post';
import { isApiError } from '../../lib/api-error';

const uuid = z.uuid();

/** Loads the post a bid is placed on; a malformed, unknown or hidden post is a not-found. */
export async function loadBidPost(queryClient: QueryClient, postUuid: string): Promise<void> {
  if (!uuid.safeParse(postUuid).success) throw notFound();
  try {
    // fetchQuery: the bid is checked against the post as it is now (its LVR, its current rate).
    await queryClient.fetchQuery(bidPostQueryOptions(postUuid));
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 403)) throw notFound();
    throw error;
  }
}
