import { createRoute, redirect } from '@tanstack/react-router';
import { fspQuestionsQueryOptions } from '../../features/profile/api/get-fsp-questions';
import { privateRoute } from '../private';
import { lazyPage } from '../../lib/lazy-page';

/** spec 2 §2, §4: only an approved provider completes the profile; anyone else (an active user) goes to the dashboard. */
export const fspActivateProfileRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/fsp-activate-profile',
  beforeLoad: ({ context }) => {
    const { user } = context.session;
    if (user.user_type !== 'fsp' || user.status !== 'approved') throw redirect({ to: '/home', replace: true });
  },
  loader: ({ context }) => context.queryClient.fetchQuery(fspQuestionsQueryOptions(context.session.user.uuid)),
  component: lazyPage(() => import('./fsp-activate-profile'), 'ActivateProfilePage'),
});
