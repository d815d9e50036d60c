import { createRoute, notFound } from '@tanstack/react-router';
import { userTypes, type UserType } from '../../../domain/user/schemas';
import { RouteError } from '../../components/route-error';
import { type UserListParams, usersQueryOptions } from '../../features/users/api/list-users';
import { type UserListSearch, userListSearch, usersPageSize } from '../../features/users/user-list-search';
import { adminRoute } from '../admin';
import { lazyPage } from '../../lib/lazy-page';

const isUserType = (value: string): value is UserType => (userTypes as readonly string[]).includes(value);

export const toParams = (userType: UserType, search: UserListSearch): UserListParams => ({
  page: search.page ?? 1,
  count: usersPageSize,
  user_type: userType,
  ...(search.search ? { search: search.search } : {}),
});

export const usersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/users/$userType',
  validateSearch: userListSearch,
  beforeLoad: ({ params }) => {
    if (!isUserType(params.userType)) throw notFound();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => context.queryClient.fetchQuery(usersQueryOptions(toParams(params.userType as UserType, deps))),
  pendingComponent: lazyPage(() => import('./users'), 'UsersPending'),
  errorComponent: RouteError,
  component: lazyPage(() => import('./users'), 'UsersPage'),
});
