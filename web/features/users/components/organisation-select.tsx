import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useOrganisationOptions } from '../api/organisation-options';

type Props = {
  value: string | null;
  /** The name of the current organisation, so it shows before the list has loaded. */
  currentName: string | null;
  onChange: (uuid: string | null) => void;
  error?: ReactNode;
  label?: string;
};

/** Picks an existing organisation by name (spec 2 §2 "organisation list"). */
export function OrganisationSelect({ value, currentName, onChange, error, label = 'Organisation' }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const options = useOrganisationOptions(debounced);
  const data = [...(options.data ?? [])];
  if (value && currentName && !data.some((option) => option.value === value)) data.unshift({ value, label: currentName });
  return (
    <Select
      label={label}
      placeholder="Search organisations"
      searchable
      withAsterisk
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No organisation with this name'}
      filter={({ options: all }) => all}
      error={error}
    />
  );
}
