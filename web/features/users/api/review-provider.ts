import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type reviewBody, userView } from '../../../../domain/user/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { userKeys } from './user-keys';

/** `PATCH /v1/users/{uuid}/review`: approve into a known organisation, or reject with a message (spec 2 §4). */
export function reviewProvider({ uuid, review }: { uuid: string; review: z.input<typeof reviewBody> }) {
  return apiFetch(`/v1/users/${encodeURIComponent(uuid)}/review`, { method: 'PATCH', body: review, schema: z.union([userView, z.object({ uuid: z.uuid() })]) });
}

export function useReviewProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewProvider,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(saved.uuid) });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
