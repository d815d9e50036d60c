import { createRoute } from '@tanstack/react-router';
import { PageNotFound } from '../components/page-not-found';
import { rootRoute } from './root';

export const pageNotFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/page-not-found',
  component: PageNotFound,
});
