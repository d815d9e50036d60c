import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type AustralianAddress, localityLabel, localitySearchAnswer, pickAddressMessage } from '../../domain/address/schemas';
import { apiFetch } from '../lib/api-fetch';
import { addressFor, addressOptions, localityKey, searchTerm } from './address-options';

/** Suburbs and postcodes starting with `search` (GET /v1/localities, at most 20). The data never changes while running. */
export const localitiesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['localities', search.toLowerCase()],
    queryFn: ({ signal }) => apiFetch(`/v1/localities?${new URLSearchParams({ search })}`, { schema: localitySearchAnswer, signal }),
    select: (answer) => answer.result,
    staleTime: Number.POSITIVE_INFINITY,
  });

type Props = {
  value: AustralianAddress | null;
  onChange: (address: AustralianAddress | null) => void;
  /** The form's error for the address; without one, leaving the field with nothing picked shows the spec's text. */
  error?: ReactNode;
  label?: string;
  required?: boolean;
};

/**
 * An Australian address picked from the shipped suburbs and postcodes (spec 2 §5: the picker requires state, postcode
 * and suburb and is restricted to Australia). Only a picked place is an address: text typed and not picked is dropped
 * when the field loses focus. Arrow keys and Enter pick, as in any Mantine select.
 */
export function AddressPicker({ value, onChange, error, label = 'Address', required = false }: Props) {
  const [typed, setTyped] = useState(value ? localityLabel(value) : '');
  const [left, setLeft] = useState(false);
  // Searches wait 250 ms after the last key.
  const [debounced] = useDebouncedValue(searchTerm(typed, value), 250);
  const places = useQuery({ ...localitiesQueryOptions(debounced), enabled: debounced !== '', placeholderData: keepPreviousData });
  const found = debounced === '' ? [] : (places.data ?? []);
  const notPicked = required && left && value === null ? pickAddressMessage : undefined;
  return (
    <Select
      label={label}
      placeholder="Start typing a suburb or postcode"
      leftSection={<IconMapPin size={16} />}
      searchable
      clearable
      withAsterisk={required}
      data={addressOptions(found, value)}
      value={value ? localityKey(value) : null}
      onChange={(key) => onChange(addressFor(key, found, value))}
      searchValue={typed}
      onSearchChange={setTyped}
      // The server already searched; the options are not to be filtered again by the label.
      filter={({ options }) => options}
      nothingFoundMessage={
        debounced === '' ? 'Type a suburb or a postcode' : places.isFetching ? 'Searching…' : 'No Australian suburb or postcode starts like this'
      }
      onBlur={() => setLeft(true)}
      error={error ?? notPicked}
    />
  );
}
