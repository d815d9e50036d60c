import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postView } from '../../../../contracts/post';
import { apiFetch } from '../../../lib/api-fetch';

// PATCH /v2/posts/{id} with one of the trade flow's operations (docs/post-lifecycle.md). `delete` answers 204.

export type PostOperation =
  | { operation: 'cancel'; reason: string }
  | {
      operation: 'end_bidding_period' | 'promote_as_priority' | 'remove_priority' | 'close' | 'extend_review_period' | 'cancel_automatic_selection' | 'stop_auto_bids' | 'resume_auto_bids' | 'delete';
    };

export function runPostOperation(uuid: string, body: PostOperation) {
  const path = `/v2/posts/${encodeURIComponent(uuid)}`;
  if (body.operation === 'delete') return apiFetch(path, { method: 'PATCH', body }).then(() => null);
  return apiFetch(path, { method: 'PATCH', body, schema: postView });
}

export function useRunPostOperation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostOperation) => runPostOperation(uuid, body),
    // Every list and detail under ['posts'] (dashboards, this page, its bids) shows the post's new status.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
