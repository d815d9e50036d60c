import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-fetch';

// Both answer alike whether or not the address has an account (docs/security.md), so the screens cannot tell either.
const accepted = z.object({ detail: z.string() });

export type AccountMail = 'activation' | 'password-recovery';
const paths: Record<AccountMail, string> = { activation: '/v1/users/activate', 'password-recovery': '/v1/users/recover_password' };

export function requestAccountMail(kind: AccountMail, email: string) {
  return apiFetch(`${paths[kind]}?${new URLSearchParams({ email })}`, { schema: accepted });
}

export function useRequestAccountMail(kind: AccountMail) {
  return useMutation({ mutationFn: (email: string) => requestAccountMail(kind, email) });
}
