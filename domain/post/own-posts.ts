import { z } from 'zod';
import { listQuerySchema } from '../shared/list-query';
import { postStatuses } from './constants';

// `GET /v1/users/posts` (spec 2 §7, for dashboards): the calling customer's own posts from the posts read model,
// newest first unless sorted; only what a card or list needs, no personal data.

export const ownPostSortable = ['created_at', 'loan_amount'] as const;
export const ownPostsQuery = listQuerySchema(ownPostSortable, z.strictObject({ status: z.enum(postStatuses).optional() }));
export type OwnPostsQuery = z.infer<typeof ownPostsQuery>;

export const ownPostView = z.object({
  uuid: z.uuid(),
  status: z.enum(postStatuses),
  loan_amount: z.number().nullable(),
  /** Loan amount × 100 / market value, two decimals. */
  lvr: z.number().nullable(),
  created_at: z.string(),
});
export type OwnPostView = z.infer<typeof ownPostView>;
