import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { adminRoute } from '../admin';
import { loadOrganisation } from './load-organisation';
import { OrganisationNotFoundPage } from './organisation-not-found-page';
import { lazyPage } from '../../lib/lazy-page';

export const organisationEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/organisation/$uuid/edit',
  loader: ({ context, params }) => loadOrganisation(context.queryClient, params.uuid),
  notFoundComponent: OrganisationNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./organisation-edit'), 'EditOrganisationPage'),
});
