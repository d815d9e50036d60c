import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { organisationTypes } from '../../domain/organisation/schemas';
import { apiFetch } from './api-fetch';

const directory = z.object({ result: z.array(z.object({ uuid: z.uuid(), name: z.string(), organisation_type: z.enum(organisationTypes) })) });
export type DirectoryEntry = z.infer<typeof directory>['result'][number];

/** Active organisations matching `search` by name, at most 20 (the public directory: the sign-up form, the post wizard's lender). */
export const organisationDirectoryQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['organisation-directory', search],
    queryFn: ({ signal }) => apiFetch(`/v1/organisation_directory?${new URLSearchParams(search ? { search } : {})}`, { schema: directory, signal }),
    select: (answer) => answer.result,
    staleTime: 60_000,
  });

export function useOrganisationDirectory(search: string) {
  return useQuery({ ...organisationDirectoryQueryOptions(search), placeholderData: keepPreviousData });
}
