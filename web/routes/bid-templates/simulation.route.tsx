import { notifications } from '@mantine/notifications';
import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { isApiError } from '../../lib/api-error';
import { lazyPage } from '../../lib/lazy-page';
import { bidTemplatesAccessRoute } from './bid-templates.route';

// The auto-bidding simulation's page (issue 29 item 4, docs/auto-bidding.md "Simulation"), the link of its toast and
// e-mail. Providers and admins only (the parent route); a simulation of a template one does not see is not found.

export const simulationRoute = createRoute({
  getParentRoute: () => bidTemplatesAccessRoute,
  path: '/bid-templates/simulations/$simulationId',
  loader: async ({ context, params }) => {
    const cannotOpen = () => {
      notifications.show({ color: 'red', title: 'Error!', message: 'This simulation could not be opened.' });
      return redirect({ to: '/bid-templates', replace: true });
    };
    if (!z.uuid().safeParse(params.simulationId).success) throw cannotOpen();
    // Imported here, not at the top: the simulation's schemas stay off the first page.
    const { simulationQueryOptions } = await import('../../features/bid-templates/api/simulations');
    try {
      await context.queryClient.fetchQuery(simulationQueryOptions(params.simulationId));
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 403)) throw cannotOpen();
      throw error;
    }
  },
  errorComponent: RouteError,
  component: lazyPage(() => import('./simulation'), 'SimulationPage'),
});
