import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import {
  organisationCategories,
  organisationFilter,
  organisationStatuses,
  organisationTypes,
} from '../../../../domain/organisation/schemas';
import { IconSearch } from '@tabler/icons-react';
import type { OrganisationListSearch } from '../organisation-list-search';
import { organisationCategoryLabels, organisationStatusLabels, organisationTypeLabels } from '../organisation-labels';

type Filters = Pick<OrganisationListSearch, 'name' | 'organisation_type' | 'category' | 'status'>;

type Props = { filters: Filters; onChange: (changes: Filters) => void };

const typeOptions = organisationTypes.map((value) => ({ value, label: organisationTypeLabels[value] }));
const categoryOptions = organisationCategories.map((value) => ({ value, label: organisationCategoryLabels[value] }));
const statusOptions = organisationStatuses.map((value) => ({ value, label: organisationStatusLabels[value] }));

export function OrganisationsFilters({ filters, onChange }: Props) {
  const [name, setName] = useState(filters.name ?? '');
  // Filter inputs allow only word characters and spaces (spec 1 §5); the same rule the API applies.
  const nameCheck = organisationFilter.shape.name.safeParse(name);
  const applyName = useDebouncedCallback((value: string) => {
    const checked = organisationFilter.shape.name.safeParse(value);
    if (checked.success) onChange({ name: checked.data || undefined });
  }, 300);

  const hasFilters = Boolean(filters.name || filters.organisation_type || filters.category || filters.status);

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        aria-label="Search by name"
        placeholder="Search by name"
        leftSection={<IconSearch size={16} />}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          applyName(event.currentTarget.value);
        }}
        error={nameCheck.success ? undefined : nameCheck.error.issues[0]?.message}
        w={{ base: '100%', sm: 240 }}
      />
      <Select
        aria-label="Organisation type"
        placeholder="Any organisation type"
        data={typeOptions}
        value={filters.organisation_type ?? null}
        onChange={(value) => onChange({ organisation_type: organisationTypes.find((type) => type === value) })}
        clearable
        w={{ base: '100%', sm: 190 }}
      />
      <Select
        aria-label="Category"
        placeholder="Any category"
        data={categoryOptions}
        value={filters.category ?? null}
        onChange={(value) => onChange({ category: organisationCategories.find((category) => category === value) })}
        clearable
        w={{ base: '100%', sm: 240 }}
      />
      <Select
        aria-label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={filters.status ?? null}
        onChange={(value) => onChange({ status: organisationStatuses.find((status) => status === value) })}
        clearable
        w={{ base: '100%', sm: 140 }}
      />
      {hasFilters && (
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            setName('');
            onChange({ name: undefined, organisation_type: undefined, category: undefined, status: undefined });
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
