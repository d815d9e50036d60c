import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useOrganisationDirectory } from '../../../lib/organisation-directory';
import { organisationNameMaxLength } from '../../../../domain/shared/limits';

type Props = {
  name: string;
  error?: string | undefined;
  /** The typed name, and the directory's uuid when the name was picked from it (null for one we do not know). */
  onChange: (name: string, uuid: string | null) => void;
};

/**
 * The provider's organisation: picked from the public directory, or typed when it is not there (spec 2 §5: an
 * admin then creates it or replaces it with an existing one before approving).
 */
export function OrganisationField({ name, error, onChange }: Props) {
  // spec 2 §7: searches wait 400 ms after the last key.
  const [search] = useDebouncedValue(name.trim(), 400);
  const directory = useOrganisationDirectory(search);
  const entries = directory.data ?? [];
  const names = [...new Set(entries.map((entry) => entry.name))];
  return (
    <Autocomplete
      label="Organisation"
      placeholder="Start typing your organisation's name"
      description="Pick it from the list; if it is not there, type its full name."
      withAsterisk
      maxLength={organisationNameMaxLength}
      data={names}
      // The directory already searched by name on the server.
      filter={({ options }) => options}
      value={name}
      error={error}
      // Picking an option sets the value too; a name typed exactly as the directory has it counts as picked.
      onChange={(value) => onChange(value, entries.find((entry) => entry.name === value)?.uuid ?? null)}
    />
  );
}
