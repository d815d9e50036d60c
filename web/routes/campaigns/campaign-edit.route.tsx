import { createRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { CampaignNotFoundPage } from './campaign-not-found-page';
import { RouteError } from '../../components/route-error';
import { campaignPostsQueryOptions, campaignQueryOptions } from '../../features/campaigns/api/get-campaign';
import { isApiError } from '../../lib/api-error';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';

const campaignUuid = z.uuid();

export const campaignEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/campaigns/$uuid/edit',
  validateSearch: z.object({ page: z.number().int().min(1).max(100_000).optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, params, deps }) => {
    // A malformed or unknown uuid is a not-found; fetchQuery so a changed campaign never shows in its old state.
    if (!campaignUuid.safeParse(params.uuid).success) throw notFound();
    try {
      await Promise.all([context.queryClient.fetchQuery(campaignQueryOptions(params.uuid)), context.queryClient.fetchQuery(campaignPostsQueryOptions(params.uuid, deps.page))]);
    } catch (error) {
      if (isApiError(error, 404)) throw notFound();
      throw error;
    }
  },
  notFoundComponent: CampaignNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./campaign-edit'), 'EditCampaignPage'),
});
