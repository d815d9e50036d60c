import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-fetch';

const directory = z.object({ result: z.array(z.object({ uuid: z.uuid(), name: z.string() })) });

/** Active organisations whose name matches `search`, at most 20 (the public directory, GET /v1/organisation_directory). */
export function useLenderDirectory(search: string) {
  return useQuery({
    queryKey: ['organisation-directory', search],
    queryFn: ({ signal }) => apiFetch(`/v1/organisation_directory?${new URLSearchParams(search ? { search } : {})}`, { schema: directory, signal }),
    select: (answer) => answer.result,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
