import { Paper } from '@mantine/core';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { RouteError } from '../../components/route-error';
import { type UserListParams, usersQueryOptions } from '../../features/users/api/list-users';
import { UsersTableSkeleton } from '../../features/users/components/users-table-skeleton';
import { usersPageSize } from '../../features/users/user-list-search';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

const pendingSearch = z.object({ page: z.number().int().min(1).max(100_000).optional().catch(undefined) });
export const toParams = (page: number | undefined): UserListParams => ({ page: page ?? 1, count: usersPageSize, user_type: 'fsp', status: 'pending' });

export const pendingUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/pending-users',
  validateSearch: pendingSearch,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => context.queryClient.fetchQuery(usersQueryOptions(toParams(deps.page))),
  pendingComponent: () => (
    <>
      <PageHeader title="Pending users" crumbs={['Pending users']} />
      <Paper>
        <UsersTableSkeleton />
      </Paper>
    </>
  ),
  errorComponent: RouteError,
  component: lazyPage(() => import('./pending-users'), 'PendingUsersPage'),
});
