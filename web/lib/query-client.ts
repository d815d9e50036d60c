import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx (not found, invalid filter) will not change on retry; 503 goes to the maintenance page instead.
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status < 500) && !isApiError(error, 503),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
