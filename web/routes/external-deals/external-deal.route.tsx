import { notifications } from '@mantine/notifications';
import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { externalDealMessages, externalDealModes } from '../../../domain/external-deal/schemas';
import { RouteError } from '../../components/route-error';
import { externalDealQuery } from '../../features/external-deals/api/external-deals';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

const toDeals = (message: string) => {
  notifications.show({ color: 'red', title: 'Error!', message });
  return redirect({ to: '/deals', replace: true });
};
const isMode = (mode: string) => (externalDealModes as readonly string[]).includes(mode);

/** `/external-deal/create`, and `/external-deal/edit` without its uuid. */
export const externalDealModeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/external-deal/$mode',
  // The post page's "Create external deal" starts with the post's customer.
  validateSearch: z.object({ customer_uuid: z.uuid().optional().catch(undefined) }),
  beforeLoad: ({ params }) => {
    if (!isMode(params.mode)) throw toDeals(externalDealMessages.invalidMode);
    if (params.mode === 'edit') throw toDeals(externalDealMessages.uuidMissing);
  },
  component: lazyPage(() => import('./external-deal'), 'CreateWithCustomerPage'),
});

export const externalDealRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/external-deal/$mode/$uuid',
  beforeLoad: ({ params }) => {
    if (!isMode(params.mode)) throw toDeals(externalDealMessages.invalidMode);
  },
  loader: async ({ context, params }) => {
    if (params.mode !== 'edit') return;
    if (!z.uuid().safeParse(params.uuid).success) throw toDeals('This external deal could not be opened.');
    try {
      await context.queryClient.ensureQueryData(externalDealQuery(params.uuid));
    } catch {
      throw toDeals('This external deal could not be opened.');
    }
  },
  errorComponent: RouteError,
  component: lazyPage(() => import('./external-deal'), 'ExternalDealPage'),
});
