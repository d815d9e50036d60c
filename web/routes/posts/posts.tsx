import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { AdminDashboard } from '../../features/dashboards/components/admin-dashboard';
import { CustomerPosts } from '../../features/dashboards/components/customer-dashboard';
import { useSession } from '../../lib/session';

// spec 1 §2 "/posts": the list of posts; an admin's are every post (the jousts, sidebar "Jousts"), a customer's are
// their own in every status (sidebar "My Posts"). Providers read posts from their dashboard, so they go there.

export function PostsPage() {
  const session = useSession();
  const title = session.user.user_type === 'admin' ? 'Jousts' : 'My Posts';
  return (
    <Stack gap="lg">
      <PageHeader title={title} crumbs={[title]} />
      {session.user.user_type === 'admin' ? <AdminDashboard title="Posts" /> : <CustomerPosts allStatuses />}
    </Stack>
  );
}
