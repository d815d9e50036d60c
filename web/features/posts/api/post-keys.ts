import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Query keys of posts (STYLE.md "Web": hierarchical). */
export const postKeys = {
  all: ['posts'] as const,
  detail: (uuid: string) => ['posts', uuid] as const,
};

/**
 * A mutation of a post or one of its parts: on success the post's answer (GET /v4/posts/{id}) is marked stale, since
 * a part's change can change others (removing an applicant removes their incomes and takes them off expenses).
 */
export function usePostMutation<Variables, Result>(postUuid: string, mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.detail(postUuid) }),
  });
}
