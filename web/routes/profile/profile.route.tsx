import { createRoute, notFound, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { isApiError } from '../../lib/api-error';
import { isAdministrator } from '../../lib/session';
import { fspQuestionsQueryOptions } from '../../features/profile/api/get-fsp-questions';
import { profileUserQueryOptions } from '../../features/profile/api/get-profile-user';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

/** spec 1 §2 "/profile/{uuid}": the own profile, or any user's for an admin; others go to the dashboard. */
export const profileRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/profile/$uuid',
  beforeLoad: ({ context, params }) => {
    if (params.uuid !== context.session.user.uuid && !isAdministrator(context.session)) throw redirect({ to: '/home', replace: true });
  },
  loader: async ({ context, params }) => {
    if (!z.uuid().safeParse(params.uuid).success) throw notFound();
    try {
      const user = await context.queryClient.fetchQuery(profileUserQueryOptions(params.uuid));
      if (user.user_type === 'fsp') await context.queryClient.fetchQuery(fspQuestionsQueryOptions(params.uuid));
    } catch (error) {
      if (isApiError(error, 404)) throw notFound();
      throw error;
    }
  },
  component: lazyPage(() => import('./profile'), 'ProfilePage'),
});
