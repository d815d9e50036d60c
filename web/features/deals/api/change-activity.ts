import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddableActivityType, NotProceedingReason } from '../../../../domain/deal/schemas';
import { type DealView, dealView } from '../../../../contracts/deal';
import { apiFetch } from '../../../lib/api-fetch';
import { dealKeys } from './deal-keys';

// Adding, editing and deleting a deal's activities (spec 3 §7): each answers the deal after the change, which
// replaces the cached deal; the board's columns, the history and the provider's limits are fetched again.

export type ActivityValues = {
  amount: number | null;
  description: string | null;
  activity_date: string;
  settled_lender: string | null;
  reason: NotProceedingReason | null;
};

function useDealChange<Variables>(request: (variables: Variables) => Promise<DealView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.uuid), deal);
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: dealKeys.history(deal.uuid) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.limits() });
    },
  });
}

/** `POST /v1/deals/{id}/activities`. */
export const useAddActivity = () =>
  useDealChange(({ dealUuid, operation, values }: { dealUuid: string; operation: AddableActivityType; values: ActivityValues }) =>
    apiFetch(`/v1/deals/${encodeURIComponent(dealUuid)}/activities`, { method: 'POST', body: { operation, ...values }, schema: dealView }),
  );

/** `PATCH /v1/home_loan_bid_activities/{id}`: the values, never the type. */
export const useEditActivity = () =>
  useDealChange(({ activityUuid, values }: { activityUuid: string; values: ActivityValues }) =>
    apiFetch(`/v1/home_loan_bid_activities/${encodeURIComponent(activityUuid)}`, { method: 'PATCH', body: values, schema: dealView }),
  );

/** `DELETE /v1/home_loan_bid_activities/{id}`: a note, or the latest step (the deal steps back). */
export const useDeleteActivity = () =>
  useDealChange((activityUuid: string) => apiFetch(`/v1/home_loan_bid_activities/${encodeURIComponent(activityUuid)}`, { method: 'DELETE', schema: dealView }));
