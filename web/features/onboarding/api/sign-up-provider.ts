import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ProviderSignUp } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';

export function signUpProvider(user: ProviderSignUp) {
  // 201 answers the user, 202 only its uuid (read model still catching up): the form needs neither more.
  return apiFetch('/v1/users', { method: 'POST', body: { user }, schema: z.object({ uuid: z.uuid() }) });
}

export function useSignUpProvider() {
  return useMutation({ mutationFn: signUpProvider });
}
