import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useOrganisationDirectory } from '../../../../lib/organisation-directory';
import { organisationNameMaxLength } from '../../../../../domain/shared/limits';

type Props = {
  label: string;
  name: string;
  error?: ReactNode;
  /** The typed name, and the directory's uuid when the name was picked from it (null for a lender we do not list). */
  onChange: (name: string, uuid: string | null) => void;
};

/** A current lender: picked from the organisations we know, or typed when it is not listed (spec 2 §5 organisation). */
export function LenderField({ label, name, error, onChange }: Props) {
  // spec 2 §7: searches wait 400 ms after the last key.
  const [search] = useDebouncedValue(name.trim(), 400);
  const entries = useOrganisationDirectory(search).data ?? [];
  return (
    <Autocomplete
      label={label}
      placeholder="Start typing the lender's name"
      withAsterisk
      maxLength={organisationNameMaxLength}
      data={[...new Set(entries.map((entry) => entry.name))]}
      // The directory already searched by name on the server.
      filter={({ options }) => options}
      value={name}
      error={error}
      onChange={(value) => onChange(value, entries.find((entry) => entry.name === value)?.uuid ?? null)}
    />
  );
}
