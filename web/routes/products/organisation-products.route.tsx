import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { productsQueryOptions } from '../../features/financial-institution-products/api/list-products';
import { productListSearch, toProductListParams } from '../../features/financial-institution-products/product-list-search';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';
import { loadOrganisation } from '../organisations/load-organisation';
import { OrganisationNotFoundPage } from '../organisations/organisation-not-found-page';

export const organisationProductsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/organisation/$uuid/financial_institution_products',
  validateSearch: productListSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    await loadOrganisation(context.queryClient, params.uuid);
    await context.queryClient.fetchQuery(productsQueryOptions(toProductListParams(deps, params.uuid)));
  },
  notFoundComponent: OrganisationNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./organisation-products'), 'OrganisationProductsPage'),
});
