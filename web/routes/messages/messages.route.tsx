import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

export const messagesRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/messages',
  validateSearch: z.object({ page: z.coerce.number().int().min(1).catch(1).optional() }),
  errorComponent: RouteError,
  component: lazyPage(() => import('./messages'), 'MessagesPage'),
});
