import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RouteError } from '../../components/route-error';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

export const postMessagesRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/posts/$postUuid/messages',
  validateSearch: z.object({ conversation: z.uuid().optional().catch(undefined) }),
  errorComponent: RouteError,
  component: lazyPage(() => import('./post-messages'), 'PostMessagesPage'),
});
