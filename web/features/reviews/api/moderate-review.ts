import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ModerationStatus } from '../../../../domain/review/schemas';
import { reviewView } from '../../../../contracts/review';
import { apiFetch } from '../../../lib/api-fetch';
import { reviewKeys } from './review-keys';

const moderated = z.union([reviewView, z.object({ uuid: z.uuid() })]);

/** `PATCH /v1/reviews/{id}` with the chosen status (spec 1 §4 "Review status"). */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, status }: { uuid: string; status: ModerationStatus }) =>
      apiFetch(`/v1/reviews/${encodeURIComponent(uuid)}`, { method: 'PATCH', body: { status }, schema: moderated }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
