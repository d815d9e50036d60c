import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordFields } from '../../../../domain/user/profile';
import { tokenResponse } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { saveTokens } from '../../../lib/auth-tokens';
import { sessionKey } from './profile-keys';

/**
 * `PATCH /v2/users/{uuid}` with operation update_password. The server ends every session and answers new tokens for
 * this one (docs/security.md "Password change"); afterwards the cached current user is cleared (spec 2 §7).
 */
export async function changePassword({ uuid, fields }: { uuid: string; fields: ChangePasswordFields }) {
  const tokens = await apiFetch(`/v2/users/${encodeURIComponent(uuid)}`, {
    method: 'PATCH',
    body: { operation: 'update_password', ...fields },
    schema: tokenResponse,
  });
  saveTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}
