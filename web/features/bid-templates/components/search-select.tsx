import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export type SearchOption = { value: string; label: string };

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value: string | null;
  /** The chosen option as it was shown when picked (or known from elsewhere), so it reads well before any search. */
  chosen: SearchOption | null;
  /** The options for what was typed (already searched on the server). */
  useOptions: (search: string) => { options: readonly SearchOption[]; loading: boolean };
  onChange: (option: SearchOption | null) => void;
};

/** A select whose options the server finds by what is typed (providers, organisations); searches wait 300 ms. */
export function SearchSelect({ value, chosen: given, useOptions, onChange, nothingFoundMessage, ...props }: Props) {
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<SearchOption | null>(null);
  const chosen = picked && picked.value === value ? picked : given;
  const [search] = useDebouncedValue(typed === chosen?.label ? '' : typed.trim(), 300);
  const { options, loading } = useOptions(search);
  const data = chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : [...options];
  return (
    <Select
      {...props}
      searchable
      data={data}
      value={value}
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={loading ? 'Searching…' : (nothingFoundMessage ?? 'Nothing found')}
      onChange={(next) => {
        const option = data.find((candidate) => candidate.value === next) ?? null;
        setPicked(option);
        onChange(option);
      }}
    />
  );
}
