import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../../components/route-error';
import { lazyPage } from '../../lib/lazy-page';
import { adminRoute } from '../admin';
import { loadProduct } from './load-product';
import { ProductNotFoundPage } from './product-not-found-page';

export const productRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/financial_institution_product/$uuid',
  loader: ({ context, params }) => loadProduct(context.queryClient, params.uuid),
  notFoundComponent: ProductNotFoundPage,
  errorComponent: RouteError,
  component: lazyPage(() => import('./product'), 'ProductPage'),
});
