import { notifications } from '@mantine/notifications';
import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { dealQueryOptions } from '../../features/deals/api/get-deal';
import { privateRoute } from '../private';
import { assertDealViewer } from './deals-access';
import { lazyPage } from '../../lib/lazy-page';

const dealUuid = z.uuid();

const failedToLoad = () => {
  notifications.show({ color: 'red', title: 'Error!', message: 'This deal could not be opened.' });
  return redirect({ to: '/home', replace: true });
};

export const dealRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/deals/$uuid',
  beforeLoad: ({ context }) => assertDealViewer(context.session),
  loader: async ({ context, params }) => {
    if (!dealUuid.safeParse(params.uuid).success) throw failedToLoad();
    try {
      await context.queryClient.fetchQuery(dealQueryOptions(params.uuid));
    } catch {
      throw failedToLoad();
    }
  },
  errorComponent: RouteError,
  component: lazyPage(() => import('./deal'), 'DealPage'),
});
