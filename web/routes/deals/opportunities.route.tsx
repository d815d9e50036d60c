import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { opportunitiesQueryOptions, opportunityViews } from '../../features/deals/api/list-opportunities';
import { lazyPage } from '../../lib/lazy-page';
import { privateRoute } from '../private';
import { assertDealViewer } from './deals-access';

const viewKeys = Object.keys(opportunityViews) as [keyof typeof opportunityViews, ...(keyof typeof opportunityViews)[]];
const opportunitySearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  view: z.enum(viewKeys).optional().catch(undefined),
  organisation: z.uuid().optional().catch(undefined),
  organisation_name: z.string().max(100).optional().catch(undefined),
});

/** Opportunities (spec 1 §2 sidebar; docs/leads-and-opportunities.md): providers their won posts, admins all of them. */
export const opportunitiesRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/opportunities',
  validateSearch: opportunitySearch,
  beforeLoad: ({ context }) => assertDealViewer(context.session),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, view: search.view ?? 'open', organisation: search.organisation }),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(opportunitiesQueryOptions(deps)),
  errorComponent: RouteError,
  component: lazyPage(() => import('./opportunities'), 'OpportunitiesPage'),
});
