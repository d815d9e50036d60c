import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api-error';
import { postBidsQueryOptions } from './api/get-post-bids';
import { postDetailQueryOptions } from './api/get-post-detail';

const uuid = z.uuid();

/**
 * Loads the post page's data: the post must be readable (a malformed, unknown or hidden post is a not-found); the
 * bids load beside it, and the page says so when they are not open to the viewer.
 */
export async function loadPostDetail(queryClient: QueryClient, postUuid: string): Promise<void> {
  if (!uuid.safeParse(postUuid).success) throw notFound();
  try {
    // fetchQuery (web/README.md): the page never starts from a copy a change has made old.
    await Promise.all([queryClient.fetchQuery(postDetailQueryOptions(postUuid)), queryClient.prefetchQuery(postBidsQueryOptions(postUuid))]);
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 403)) throw notFound();
    throw error;
  }
}
