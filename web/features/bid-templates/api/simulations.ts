import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { simulationList, simulationRequested, simulationView } from '../../../../contracts/auto-bidding-simulation';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

// The auto-bidding simulation (docs/auto-bidding.md "Simulation"): asked for with spec 3 §7's
// `PATCH /v1/home_loan_bid_templates/{id}` execute_automatic_bidding, read at `GET /v1/auto_bidding_simulations/{id}`.

/** While it is not done the page asks again this often (a few posts take a moment; thousands a little longer). */
const POLL_MS = 1500;

export const simulationKeys = {
  detail: (uuid: string) => [...bidTemplateKeys.all, 'simulations', uuid] as const,
  ofTemplate: (templateUuid: string) => [...bidTemplateKeys.detail(templateUuid), 'simulations'] as const,
};

export function requestSimulation({ uuid, reviewPeriod }: { uuid: string; reviewPeriod: number }) {
  return apiFetch(`/v1/home_loan_bid_templates/${encodeURIComponent(uuid)}`, {
    method: 'PATCH',
    body: { operation: 'execute_automatic_bidding', mode: 'simulation', type: 'template', review_period: reviewPeriod },
    schema: simulationRequested,
  });
}

export function useRequestSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestSimulation,
    onSuccess: (requested) => queryClient.invalidateQueries({ queryKey: simulationKeys.ofTemplate(requested.home_loan_bid_template_uuid) }),
  });
}

export const simulationQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: simulationKeys.detail(uuid),
    queryFn: ({ signal }) => apiFetch(`/v1/auto_bidding_simulations/${encodeURIComponent(uuid)}`, { schema: simulationView, signal }),
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : POLL_MS),
  });

export function useSimulation(uuid: string) {
  return useSuspenseQuery(simulationQueryOptions(uuid));
}

export const templateSimulationsQueryOptions = (templateUuid: string) =>
  queryOptions({
    queryKey: simulationKeys.ofTemplate(templateUuid),
    queryFn: ({ signal }) => apiFetch(`/v1/home_loan_bid_templates/${encodeURIComponent(templateUuid)}/auto_bidding_simulations`, { schema: simulationList, signal }),
  });
