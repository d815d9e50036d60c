import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { userView } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { profileKeys } from './profile-keys';

/** `GET /v1/users/{uuid}`: the own profile, or any user's for an admin. */
export function getProfileUser(uuid: string, signal?: AbortSignal) {
  return apiFetch(`/v1/users/${encodeURIComponent(uuid)}`, { schema: userView, signal });
}

export function profileUserQueryOptions(uuid: string) {
  return queryOptions({ queryKey: profileKeys.user(uuid), queryFn: ({ signal }) => getProfileUser(uuid, signal) });
}

export function useProfileUser(uuid: string) {
  return useSuspenseQuery(profileUserQueryOptions(uuid));
}
