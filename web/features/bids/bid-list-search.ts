import { z } from 'zod';
import { bidStatuses } from '../../../domain/bid/schemas';
import { sortDirection } from '../../../domain/shared/list-query';
import type { BidListParams } from './api/list-bids';

// The bids list keeps its state in the URL (page, order, status); a value that does not fit is dropped rather than
// failing the page. spec 1 §9: 25 a page, created_at descending by default.

export const bidsPageSize = 25;

export const bidListSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  direction: sortDirection.optional().catch(undefined),
  status: z.enum(bidStatuses).optional().catch(undefined),
});
export type BidListSearch = z.infer<typeof bidListSearch>;

export function toBidListParams(search: BidListSearch, scope: BidListParams['scope']): BidListParams {
  return {
    scope,
    page: search.page ?? 1,
    count: bidsPageSize,
    direction: search.direction ?? 'desc',
    ...(search.status ? { status: search.status } : {}),
  };
}
