import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-fetch';

export function setNewPassword(token: string, password: string) {
  return apiFetch('/v1/users/temporary_password', { method: 'POST', body: { token, password }, schema: z.object({ detail: z.string() }) });
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: ({ token, password }: { token: string; password: string }) => setNewPassword(token, password) });
}
