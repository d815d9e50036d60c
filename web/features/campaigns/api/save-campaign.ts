import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type CampaignFields, campaignView } from '../../../../domain/campaign/schemas';
import { homeLoanProduct } from '../../../../domain/product/products';
import { apiFetch } from '../../../lib/api-fetch';
import { campaignKeys } from './campaign-keys';

// Create and change answer the campaign as the list shows it, or 202 with its uuid while the read model catches up.
const savedCampaign = z.union([campaignView, z.object({ uuid: z.uuid() })]);

// The spec's path carries the product; only home loans exist (domain/product/products.ts).
const createCampaign = (campaign: CampaignFields) =>
  apiFetch(`/v1/products/${homeLoanProduct.uuid}/campaigns`, { method: 'POST', body: { campaign }, schema: savedCampaign });
const updateCampaign = ({ uuid, changes }: { uuid: string; changes: CampaignFields }) =>
  apiFetch(`/v1/campaigns/${encodeURIComponent(uuid)}`, { method: 'PATCH', body: { campaign: changes }, schema: savedCampaign });
const deleteCampaign = (uuid: string) => apiFetch(`/v1/campaigns/${encodeURIComponent(uuid)}`, { method: 'DELETE' });

function useRefreshCampaigns() {
  const queryClient = useQueryClient();
  return async (saved: z.infer<typeof savedCampaign>) => {
    if ('name' in saved) queryClient.setQueryData(campaignKeys.detail(saved.uuid), saved);
    else await queryClient.invalidateQueries({ queryKey: campaignKeys.detail(saved.uuid) });
    await queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
}

export function useCreateCampaign() {
  return useMutation({ mutationFn: createCampaign, onSuccess: useRefreshCampaigns() });
}

export function useUpdateCampaign() {
  return useMutation({ mutationFn: updateCampaign, onSuccess: useRefreshCampaigns() });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: async (_, uuid) => {
      // Marked stale but not refetched: an edit page still on screen would fetch a 404 before it navigates away.
      await queryClient.invalidateQueries({ queryKey: campaignKeys.detail(uuid), exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
