import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { reviewView } from '../../../../contracts/review';
import { apiFetch } from '../../../lib/api-fetch';
import { reviewKeys } from './review-keys';

export type ReviewSubmission = { post_uuid: string; fsp_uuid: string; customer_uuid?: string; rating: number; description: string };

/** 202: sent, the list not caught up yet (the read model lagged). */
const submitted = z.union([reviewView, z.object({ uuid: z.uuid() })]);

/** `POST /v1/reviews` (spec 1 §5 "Rating"): 'Review sent successfully!' on success. */
export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewSubmission) => apiFetch('/v1/reviews', { method: 'POST', body: { review }, schema: submitted }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
