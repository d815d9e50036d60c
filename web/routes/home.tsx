import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createRoute } from '@tanstack/react-router';
import { listResultSchema } from '../../domain/shared/list-query';
import { userView } from '../../domain/user/schemas';
import { ButtonLink } from '../components/router-link';
import { newestEditablePostQuery } from '../features/posts/api/own-posts';
import { apiFetch } from '../lib/api-fetch';
import { formatAud } from '../lib/format';
import { isAdministrator, type Session, useSession } from '../lib/session';
import { privateRoute } from './private';

// The dashboard (spec 1 §2 "/home"). The trade flow fills it with posts, bids and deals; until then it greets the
// user and points to what each role can do today.

export const homeRoute = createRoute({
  getParentRoute: () => privateRoute,
  path: '/home',
  component: HomePage,
});

function HomePage() {
  const session = useSession();
  const { user } = session;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Dashboard</Title>
        <Text c="dimmed">Welcome, {user.first_name ?? user.email}.</Text>
      </Stack>
      {isAdministrator(session) ? <AdminOverview /> : <AccountOverview session={session} />}
    </Stack>
  );
}

const pendingProviders = listResultSchema(userView);

function AdminOverview() {
  const pending = useQuery({
    queryKey: ['users', 'pending-count'],
    queryFn: ({ signal }) => apiFetch('/v1/users?filter[user_type]=fsp&filter[status]=pending&count=1', { schema: pendingProviders, signal }),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Paper p="lg">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Providers waiting for approval
          </Text>
          <Text fz={32} fw={700} aria-label="Providers waiting for approval">
            {pending.data ? pending.data.total_records : '–'}
          </Text>
        </Stack>
      </Paper>
      <Paper p="lg">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            Lenders and brokers
          </Text>
          <ButtonLink to="/organisations" variant="light" size="xs">
            Organisations
          </ButtonLink>
        </Stack>
      </Paper>
      <Paper p="lg">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            Questions providers answer
          </Text>
          <ButtonLink to="/questions" variant="light" size="xs">
            Questions
          </ButtonLink>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

const roleNames = { admin: 'Admin', fsp: 'Provider', customer: 'Customer' } as const;

function AccountOverview({ session }: { session: Session }) {
  const { user } = session;
  return (
    <Paper p="lg">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{roleNames[user.user_type]}</Badge>
          {user.fsp?.organisation.name && <Text size="sm">{user.fsp.organisation.name}</Text>}
        </Group>
        <Text size="sm" c="dimmed">
          {user.user_type === 'fsp' ? 'Posts to bid on, your bids and your deals will show here.' : 'Your posts and the offers on them will show here.'}
        </Text>
        {user.user_type === 'customer' && <EditMyPost />}
      </Stack>
    </Paper>
  );
}

/** The customer's newest pending or active post, to edit (spec 1 §2 "/post/{uuid}/edit"); nothing without one. */
function EditMyPost() {
  const { data: post } = useQuery(newestEditablePostQuery);
  if (!post) return null;
  return (
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
  );
}
