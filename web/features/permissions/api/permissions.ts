import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PermissionChanges, permissionsView } from '../../../../domain/user/permissions';
import { apiFetch } from '../../../lib/api-fetch';

// A user's permissions (spec 3 §7 "Permissions and limits"): `GET /v2/users/{id}/permissions` answers them grouped
// with the container's uuid, `PATCH /v2/users/{id}/permissions/{container uuid}` changes some.

export const permissionQueryKeys = { user: (userUuid: string) => ['permissions', userUuid] as const };

export function permissionsQueryOptions(userUuid: string) {
  return queryOptions({
    queryKey: permissionQueryKeys.user(userUuid),
    queryFn: ({ signal }) => apiFetch(`/v2/users/${encodeURIComponent(userUuid)}/permissions`, { schema: permissionsView, signal }),
    // spec 3 §8 "Failed load of a panel": swallowed silently, so one failure is enough.
    retry: false,
  });
}

export function usePermissions(userUuid: string) {
  return useQuery(permissionsQueryOptions(userUuid));
}

export function useUpdatePermissions(userUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ container, permissions }: { container: string; permissions: PermissionChanges }) =>
      apiFetch(`/v2/users/${encodeURIComponent(userUuid)}/permissions/${encodeURIComponent(container)}`, {
        method: 'PATCH',
        body: { permissions },
        schema: permissionsView,
      }),
    onSuccess: (saved) => queryClient.setQueryData(permissionQueryKeys.user(userUuid), saved),
  });
}
