import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { createPostRoute } from './create-post';
import { lazyPage } from '../../lib/lazy-page';

/** After publishing (spec 2 §2 "/create-post/success" with email and user; without an e-mail it goes to log-in). */
export const createPostSuccessRoute = createRoute({
  getParentRoute: () => createPostRoute,
  path: '/success',
  validateSearch: z.object({ email: z.string().max(254).optional().catch(undefined), user: z.uuid().optional().catch(undefined) }),
  beforeLoad: ({ search }) => {
    if (!search.email) throw redirect({ to: '/login', search: {}, replace: true });
  },
  component: lazyPage(() => import('./success'), 'CreatePostSuccessPage'),
});
