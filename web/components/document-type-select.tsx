import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../lib/api-fetch';
import { documentTypeKeys } from '../lib/document-type-keys';

// A required document's type, chosen from the list admins keep (docs/document-types.md): the bid form's and the
// template wizard's. A type the document already has stays offered, so an older document still shows its own.

const names = z.object({ result: z.array(z.object({ name: z.string() })) });

export function DocumentTypeSelect(props: Omit<SelectProps, 'data'>) {
  const { data, isPending, isError } = useQuery({ queryKey: documentTypeKeys.names(), queryFn: ({ signal }) => apiFetch('/v1/document_types', { schema: names, signal }), staleTime: 60_000 });
  const choices = (data?.result ?? []).map((type) => type.name);
  const current = typeof props.value === 'string' && props.value !== '' && !choices.includes(props.value) ? [props.value] : [];
  return (
    <Select
      searchable
      nothingFoundMessage={isError ? 'The document types could not be loaded.' : 'No such document type'}
      placeholder={isPending ? 'Loading document types…' : 'Choose a document type'}
      {...props}
      data={[...current, ...choices]}
    />
  );
}
