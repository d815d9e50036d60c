import type { UserListParams } from './list-users';

// Hierarchical query keys: invalidating ['users', 'list'] refreshes every list page (the users tables and the
// pending providers) without touching the users already loaded by uuid.
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  detail: (uuid: string) => ['users', uuid] as const,
};
