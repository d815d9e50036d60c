import { notifications } from '@mantine/notifications';
import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { bidTemplateListSearch, toBidTemplateListParams } from '../../features/bid-templates/bid-template-list-search';
import { bidTemplateTexts } from '../../features/bid-templates/bid-template-texts';
import { mayOpenTemplates } from '../../features/bid-templates/template-access';
import { lazyPage } from '../../lib/lazy-page';
import { privateRoute } from '../private';

/** spec 3 §1, §6: providers and admins; a customer is told 'Access denied!' and sent to the dashboard. */
export const bidTemplatesAccessRoute = createRoute({
  getParentRoute: () => privateRoute,
  id: 'bid-templates',
  beforeLoad: ({ context }) => {
    if (mayOpenTemplates(context.session)) return;
    notifications.show({ color: 'red', title: bidTemplateTexts.accessDenied.title, message: bidTemplateTexts.accessDenied.message });
    throw redirect({ to: '/home', replace: true });
  },
  component: Outlet,
});

/** spec 3 §2 "/bid-templates": server-paged, 25 a page, newest first. */
export const bidTemplatesRoute = createRoute({
  getParentRoute: () => bidTemplatesAccessRoute,
  path: '/bid-templates',
  validateSearch: bidTemplateListSearch,
  loaderDeps: ({ search }) => toBidTemplateListParams(search),
  // Imported here, not at the top: the template schemas it parses with stay off the first page.
  loader: async ({ context, deps }) => {
    const { bidTemplatesQueryOptions } = await import('../../features/bid-templates/api/list-bid-templates');
    return context.queryClient.fetchQuery(bidTemplatesQueryOptions(deps));
  },
  pendingComponent: lazyPage(() => import('./bid-templates'), 'BidTemplatesPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./bid-templates'), 'BidTemplatesPage'),
});
