import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { teamQueryOptions } from '../../features/team/api/list-team';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

// spec 1 §2 "/my-team": the team of the provider's organisation. Other user types go to the dashboard.
const teamSearch = z.object({ page: z.number().int().min(1).max(100_000).optional().catch(undefined) });

export const myTeamRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/my-team',
  validateSearch: teamSearch,
  beforeLoad: ({ context }) => {
    if (context.session.user.user_type !== 'fsp') throw redirect({ to: '/home', replace: true });
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(teamQueryOptions(deps.page)),
  pendingComponent: lazyPage(() => import('./my-team'), 'MyTeamPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./my-team'), 'MyTeamPage'),
});
