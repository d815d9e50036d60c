import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { lastLeadStep } from '../../../domain/lead/schemas';
import { postOrigins } from '../../../domain/post/constants';
import { RouteError } from '../../components/route-error';
import { leadsQueryOptions } from '../../features/leads/api/list-leads';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';

export const leadSearch = z.object({
  page: z.number().int().min(1).max(100_000).optional().catch(undefined),
  min_step: z.number().int().min(0).max(lastLeadStep).optional().catch(undefined),
  origin: z.enum(postOrigins).optional().catch(undefined),
});

/** Leads (docs/leads-and-opportunities.md): customers who have not published a post. */
export const leadsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/leads',
  validateSearch: leadSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, min_step: search.min_step, origin: search.origin }),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(leadsQueryOptions(deps)),
  errorComponent: RouteError,
  component: lazyPage(() => import('./leads'), 'LeadsPage'),
});
