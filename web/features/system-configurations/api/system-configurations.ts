import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { systemConfigurationList, systemConfigurationView } from '../../../../domain/system-configuration/schemas';
import { apiFetch } from '../../../lib/api-fetch';

// Every setting fits one small list, so the list is the only query; the edit screen picks its setting from it.
const systemConfigurationKeys = { list: ['system-configurations'] as const };

export const systemConfigurationsQueryOptions = queryOptions({
  queryKey: systemConfigurationKeys.list,
  queryFn: () => apiFetch('/v1/system_configurations', { schema: systemConfigurationList }),
});

export const useSystemConfigurations = () => useSuspenseQuery(systemConfigurationsQueryOptions).data.result;

export function useChangeSystemConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: boolean | number | string }) =>
      apiFetch('/v1/system_configurations', { method: 'PATCH', body: { system_configuration: { key, value } }, schema: systemConfigurationView }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemConfigurationKeys.list }),
  });
}
