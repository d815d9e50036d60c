import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { listResultSchema } from '../../domain/shared/list-query';
import { userView } from '../../domain/user/schemas';
import { OutdatedVersionBanner } from '../components/outdated-version-banner';
import { ButtonLink } from '../components/router-link';
import { AdminDashboard } from '../features/dashboards/components/admin-dashboard';
import { CustomerPosts } from '../features/dashboards/components/customer-dashboard';
import { FspDashboard } from '../features/dashboards/components/fsp-dashboard';
import { StatisticsPanel } from '../features/dashboards/components/statistics-panel';
import { newestEditablePostQuery } from '../features/posts/api/own-posts';
import { FirstPostPanel } from '../features/posts/components/first-post-panel';
import { apiFetch } from '../lib/api-fetch';
import { formatAud } from '../lib/format';
import { isAdministrator, useSession } from '../lib/session';

// The dashboard (spec 1 §2 "/home", "Dashboards"): the admin's jousts, the provider's priority and normal tables,
// the customer's own posts (docs/dashboards.md).

export function HomePage() {
  const session = useSession();
  const { user } = session;
  return (
    <Stack gap="lg">
      <OutdatedVersionBanner />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>Dashboard</Title>
          <Text c="dimmed">Welcome, {user.first_name ?? user.email}.</Text>
        </Stack>
        {isAdministrator(session) && <PendingProviders />}
      </Group>
      {user.user_type === 'admin' && isAdministrator(session) && (
        <>
          <StatisticsPanel />
          <AdminDashboard />
        </>
      )}
      {user.user_type === 'fsp' && <FspDashboard canViewActivePosts={session.can('view_active_posts')} />}
      {user.user_type === 'customer' && user.status === 'creating' && <FirstPostPanel />}
      {user.user_type === 'customer' && user.status !== 'creating' && (
        <>
          <EditMyPost />
          <CustomerPosts />
        </>
      )}
    </Stack>
  );
}

const pendingProviders = listResultSchema(userView);

/** Providers who signed up and wait for an admin (spec 2 §2 "/pending-users"). */
function PendingProviders() {
  const pending = useQuery({
    queryKey: ['users', 'pending-count'],
    queryFn: ({ signal }) => apiFetch('/v1/users?filter[user_type]=fsp&filter[status]=pending&count=1', { schema: pendingProviders, signal }),
  });
  return (
    <ButtonLink to="/pending-users" variant="light" size="xs">
      Providers waiting for approval: {pending.data ? pending.data.total_records : '–'}
    </ButtonLink>
  );
}

/** The customer's newest pending or active post, to edit (spec 1 §2 "/post/{uuid}/edit"); nothing without one. */
function EditMyPost() {
  const { data: post } = useQuery(newestEditablePostQuery);
  if (!post) return null;
  return (
    <Paper p="md">
      <Group gap="sm">
        <ButtonLink to="/post/$uuid/edit" params={{ uuid: post.uuid }} variant="light" size="xs">
          Edit my post
        </ButtonLink>
        {post.loan_amount !== null && (
          <Text size="sm" c="dimmed">
            {formatAud(post.loan_amount)}, {post.status === 'active' ? 'open for bids' : 'not published yet'}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
