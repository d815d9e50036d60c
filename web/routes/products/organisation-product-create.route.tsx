import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';
import { loadOrganisation } from '../organisations/load-organisation';
import { OrganisationNotFoundPage } from '../organisations/organisation-not-found-page';

export const organisationProductCreateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/organisation/$uuid/financial_institution_products/create',
  loader: ({ context, params }) => loadOrganisation(context.queryClient, params.uuid),
  notFoundComponent: OrganisationNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./organisation-product-create'), 'CreateProductPage'),
});
