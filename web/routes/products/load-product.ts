import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { productQueryOptions } from '../../features/financial-institution-products/api/get-product';
import { isApiError } from '../../lib/api-error';

const productUuid = z.uuid();

/** Loads the product of a `/financial_institution_product/{uuid}` route; a malformed or unknown uuid is a not-found. */
export async function loadProduct(queryClient: QueryClient, uuid: string): Promise<void> {
  if (!productUuid.safeParse(uuid).success) throw notFound();
  try {
    // fetchQuery: after a change or a removal marked it stale, the page must not show the old product first.
    await queryClient.fetchQuery(productQueryOptions(uuid));
  } catch (error) {
    if (isApiError(error, 404)) throw notFound();
    throw error;
  }
}
