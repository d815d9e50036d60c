import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { QuestionPlacement } from '../../../../domain/question/schemas';
import { type MoveDirection, moveQuestion, placeQuestions } from '../question-order';
import type { QuestionList, QuestionListParams } from './list-questions';
import { questionKeys } from './question-keys';
import { reorderQuestions } from './reorder-questions';

export type MoveIntent = { uuid: string; direction: MoveDirection };

const moveMutationKey = ['questions', 'move'] as const;

/**
 * Moves a question one place up or down in the list on screen, through the bulk reorder. The move shows at once
 * (optimistic) and the list is refreshed from the server when the last move is saved; a refused move puts the list
 * back.
 *
 * The swap is worked out in `onMutate`, on the order in the cache, not on the rows the press was made on: presses
 * quicker than a render then still move the question once each, and `onMutate` runs in the order of the presses.
 */
export function useMoveQuestion(params: QuestionListParams, on: { moved: (uuid: string, position: number) => void; failed: () => void }) {
  const queryClient = useQueryClient();
  const key = questionKeys.list(params);
  // What each move's onMutate worked out, for its mutationFn (which does not see onMutate's result).
  const [planned] = useState(() => new WeakMap<MoveIntent, QuestionPlacement[] | null>());

  return useMutation({
    mutationKey: moveMutationKey,
    // The requests go one after another in the order of the presses: each swap was worked out on the order the
    // one before it left, so the server must apply them in that order.
    scope: { id: 'questions-order' },
    onMutate: async (intent: MoveIntent) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<QuestionList>(key);
      const rows = previous?.result ?? [];
      const placements = moveQuestion(rows, rows.findIndex((row) => row.uuid === intent.uuid), intent.direction);
      if (previous && placements) queryClient.setQueryData<QuestionList>(key, { ...previous, result: placeQuestions(rows, placements) });
      planned.set(intent, placements);
      return { previous };
    },
    mutationFn: async (intent: MoveIntent) => {
      const placements = planned.get(intent);
      return placements ? reorderQuestions(placements) : null;
    },
    onSuccess: (order, intent) => {
      const position = order?.questions.find((q) => q.uuid === intent.uuid)?.position;
      if (position !== undefined) on.moved(intent.uuid, position);
    },
    onError: (_error, _intent, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      on.failed();
    },
    onSettled: async () => {
      // While later moves wait their turn, a refresh would show the list without them for a moment.
      if (queryClient.isMutating({ mutationKey: moveMutationKey }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: questionKeys.all, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: questionKeys.lists() });
    },
  });
}
