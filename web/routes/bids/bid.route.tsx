import { notifications } from '@mantine/notifications';
import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import type { BidView } from '../../../contracts/bid';
import { RouteError } from '../../components/route-error';
import { bidQueryOptions } from '../../features/bids/api/get-bid';
import { bidPostQueryOptions } from '../../features/bids/api/get-bid-post';
import { isApiError } from '../../lib/api-error';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

const bidModes = ['view', 'edit'] as const;
type BidMode = (typeof bidModes)[number];
const isBidMode = (mode: string): mode is BidMode => (bidModes as readonly string[]).includes(mode);
const bidUuid = z.uuid();
/** `deal`: the deal page the edit was opened from, and goes back to (a malformed one is dropped). */
const bidSearch = z.object({ deal: z.uuid().optional().catch(undefined) });

const failedToLoad = () => {
  notifications.show({ color: 'red', title: 'Error!', message: 'This bid could not be opened.' });
  return redirect({ to: '/home', replace: true });
};

export const bidRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/post/bid/$uuid/$mode',
  validateSearch: bidSearch,
  beforeLoad: ({ context, params }) => {
    if (context.session.user.user_type === 'customer') throw redirect({ to: '/home', replace: true });
    if (!isBidMode(params.mode)) {
      notifications.show({ color: 'red', title: 'Invalid Page Mode!', message: 'A bid can be viewed or edited.' });
      throw redirect({ to: '/bids', replace: true });
    }
  },
  loader: async ({ context, params }) => {
    if (!bidUuid.safeParse(params.uuid).success) throw failedToLoad();
    let bid: BidView;
    try {
      bid = await context.queryClient.fetchQuery(bidQueryOptions(params.uuid));
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 403)) throw failedToLoad();
      throw error;
    }
    // The post's loan beside the bid; a post the reader may no longer open only leaves the summary out.
    await context.queryClient.prefetchQuery(bidPostQueryOptions(bid.post_id));
  },
  errorComponent: RouteError,
  component: lazyPage(() => import('./bid'), 'BidPage'),
});
