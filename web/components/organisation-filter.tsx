import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useOrganisationDirectory } from '../lib/organisation-directory';

type Props = { value: string | undefined; name: string | undefined; onChange: (uuid: string | undefined, name: string | undefined) => void };

/** Picks one organisation by name (the public directory of active organisations). */
export function OrganisationFilter({ value, name, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const directory = useOrganisationDirectory(debounced);
  const data = (directory.data ?? []).map((entry) => ({ value: entry.uuid, label: entry.name }));
  if (value && name && !data.some((option) => option.value === value)) data.unshift({ value, label: name });
  return (
    <Select
      aria-label="Organisation"
      placeholder="Every organisation"
      searchable
      clearable
      data={data}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(uuid, option) => onChange(uuid ?? undefined, option?.label)}
      filter={({ options }) => options}
      nothingFoundMessage={directory.isFetching ? 'Searching…' : 'No organisation with this name'}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
