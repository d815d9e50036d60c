import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { defaultPermissions, type PermissionKey, type PermissionMap, permissionMapOf, permissionsView } from '../../domain/user/permissions';
import { type UserView, userView } from '../../domain/user/schemas';
import { apiFetch } from './api-fetch';

// The logged-in user and the permissions (spec 2 §4 "Auth state"): loaded after log-in; customers get an empty
// permission set. The server checks every call itself; the UI uses this to show what the user may do.

export type Session = Readonly<{
  user: UserView;
  permissions: PermissionMap;
  can(key: PermissionKey): boolean;
}>;

async function loadSession(): Promise<Session> {
  const user = await apiFetch('/v1/users/me', { schema: userView });
  const permissions =
    user.user_type === 'customer' ? defaultPermissions('customer') : permissionMapOf(await apiFetch(`/v2/users/${user.uuid}/permissions`, { schema: permissionsView }));
  return { user, permissions, can: (key) => permissions[key] };
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: loadSession,
  // Permissions changed by an admin reach the UI on the next load of the session; the server applies them at once.
  staleTime: 60_000,
  retry: false,
});

/** The session of the signed-in area; the private route loads it before any private screen renders. */
export function useSession(): Session {
  return useSuspenseQuery(sessionQuery).data;
}

/** Where a user lands after log-in or when opening a screen not meant for them (spec 1 §2, spec 2 §4). */
export function homeOf(user: Pick<UserView, 'user_type' | 'status'>): '/home' | '/fsp-activate-profile' {
  return user.user_type === 'fsp' && user.status === 'approved' ? '/fsp-activate-profile' : '/home';
}

/** spec 1 §2: an admin without `view` keeps Profile, Dashboard and System Configurations only. */
export const isAdministrator = (session: Session) => session.user.user_type === 'admin' && session.can('view');
