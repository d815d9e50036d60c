import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { productsQueryOptions } from '../../features/financial-institution-products/api/list-products';
import { productListSearch, toProductListParams } from '../../features/financial-institution-products/product-list-search';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';

/** The admin sidebar's Products: every organisation's products (docs/products.md "The Products page"). */
export const productsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/financial_institution_products',
  validateSearch: productListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.fetchQuery(productsQueryOptions(toProductListParams(deps, null))),
  errorComponent: RouteError,
  component: lazyPage(() => import('./products'), 'ProductsPage'),
});
