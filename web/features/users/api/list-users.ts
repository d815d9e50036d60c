import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { listResultSchema } from '../../../../domain/shared/list-query';
import { type UserStatus, type UserType, userView } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { userKeys } from './user-keys';

export type UserListParams = { page: number; count: number; user_type: UserType; status?: UserStatus; search?: string };

const userList = listResultSchema(userView);

/** `GET /v1/users?filter[user_type]=fsp&filter[search]=…`, sorted by full name ascending (spec 2 §2). */
export function userListPath({ page, count, user_type, status, search }: UserListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count), 'sorting[full_name]': 'asc', 'filter[user_type]': user_type });
  if (status) query.set('filter[status]', status);
  if (search) query.set('filter[search]', search);
  return `/v1/users?${query.toString()}`;
}

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => apiFetch(userListPath(params), { schema: userList, signal }),
  });
}

export function useUsers(params: UserListParams) {
  return useSuspenseQuery(usersQueryOptions(params));
}
