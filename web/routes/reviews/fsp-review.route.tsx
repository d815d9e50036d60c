import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { reviewContextQueryOptions } from '../../features/reviews/api/get-review-context';
import { isAdministrator } from '../../lib/session';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

const search = z.object({ customer_uuid: z.uuid().optional().catch(undefined) });
export const uuid = z.uuid();

export const fspReviewRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/fsp-review/$postUuid/$fspUuid',
  validateSearch: search,
  beforeLoad: ({ context }) => {
    const { user } = context.session;
    if (user.user_type !== 'customer' && !isAdministrator(context.session)) throw redirect({ to: '/home', replace: true });
  },
  loaderDeps: ({ search: { customer_uuid } }) => ({ customer_uuid }),
  loader: async ({ context, params, deps }) => {
    if (!uuid.safeParse(params.postUuid).success || !uuid.safeParse(params.fspUuid).success) return;
    // A refusal is shown by the page itself, not as a route error.
    await context.queryClient.prefetchQuery(reviewContextQueryOptions(params.postUuid, params.fspUuid, deps.customer_uuid));
  },
  component: lazyPage(() => import('./fsp-review'), 'FspReviewPage'),
});
