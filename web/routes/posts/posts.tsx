import { Stack } from '@mantine/core';
import { createRoute, redirect } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { AdminDashboard } from '../../features/dashboards/components/admin-dashboard';
import { CustomerPosts } from '../../features/dashboards/components/customer-dashboard';
import { isAdministrator, sessionQuery, useSession } from '../../lib/session';
import { privateRoute } from '../private';

// spec 1 §2 "/posts": the list of posts; an admin's are every post (the jousts, sidebar "Jousts"), a customer's are
// their own in every status (sidebar "My Posts"). Providers read posts from their dashboard, so they go there.

export const postsRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/posts',
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (session.user.user_type === 'fsp' || (session.user.user_type === 'admin' && !isAdministrator(session))) throw redirect({ to: '/home' });
  },
  component: PostsPage,
});

function PostsPage() {
  const session = useSession();
  const title = session.user.user_type === 'admin' ? 'Jousts' : 'My Posts';
  return (
    <Stack gap="lg">
      <PageHeader title={title} crumbs={[title]} />
      {session.user.user_type === 'admin' ? <AdminDashboard title="Posts" /> : <CustomerPosts allStatuses />}
    </Stack>
  );
}
