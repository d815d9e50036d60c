import { Button, Group, Select } from '@mantine/core';
import { useOrganisationDirectory } from '../../../lib/organisation-directory';
import { useProviderOptions } from '../api/list-providers';
import { autoBiddingLabels, autoBiddingStatusList } from '../bid-template-labels';
import type { BidTemplateListSearch } from '../bid-template-list-search';
import { type SearchOption, SearchSelect } from './search-select';

type Filters = Pick<BidTemplateListSearch, 'provider' | 'organisation' | 'auto_bidding'>;

type Props = {
  filters: Filters;
  onChange: (changes: Filters) => void;
  /** Whose providers the provider filter offers; none: no provider filter (a provider sees only its own). */
  providerScope: 'all' | 'organisation' | null;
  /** Admins filter by organisation. */
  byOrganisation: boolean;
  /** The chosen provider's and organisation's names, when the page knows them (from its rows). */
  known: { provider: SearchOption | null; organisation: SearchOption | null };
};

const statusOptions = autoBiddingStatusList.map((value) => ({ value, label: autoBiddingLabels[value] }));

function useOrganisationOptions(search: string) {
  const directory = useOrganisationDirectory(search);
  return { options: (directory.data ?? []).map((entry) => ({ value: entry.uuid, label: entry.name })), loading: directory.isFetching };
}

/** spec 3 §2 "List screen": filters provider, organisation and auto-bidding status. */
export function BidTemplatesFilters({ filters, onChange, providerScope, byOrganisation, known }: Props) {
  const useProviders = (search: string) => {
    const providers = useProviderOptions(providerScope, search);
    return { options: providers.data ?? [], loading: providers.isFetching };
  };
  const hasFilters = Boolean(filters.provider || filters.organisation || filters.auto_bidding);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      {providerScope && (
        <SearchSelect
          aria-label="Provider"
          placeholder="Any provider"
          clearable
          w={{ base: '100%', sm: 260 }}
          value={filters.provider ?? null}
          chosen={filters.provider ? (known.provider ?? { value: filters.provider, label: 'The chosen provider' }) : null}
          useOptions={useProviders}
          nothingFoundMessage="No provider by this name"
          onChange={(option) => onChange({ provider: option?.value })}
        />
      )}
      {byOrganisation && (
        <SearchSelect
          aria-label="Organisation"
          placeholder="Any organisation"
          clearable
          w={{ base: '100%', sm: 260 }}
          value={filters.organisation ?? null}
          chosen={filters.organisation ? (known.organisation ?? { value: filters.organisation, label: 'The chosen organisation' }) : null}
          useOptions={useOrganisationOptions}
          nothingFoundMessage="No organisation by this name"
          onChange={(option) => onChange({ organisation: option?.value })}
        />
      )}
      <Select
        aria-label="Auto-bidding"
        placeholder="Any auto-bidding status"
        data={statusOptions}
        clearable
        w={{ base: '100%', sm: 220 }}
        value={filters.auto_bidding ?? null}
        onChange={(value) => onChange({ auto_bidding: autoBiddingStatusList.find((status) => status === value) })}
      />
      {hasFilters && (
        <Button variant="subtle" color="gray" onClick={() => onChange({ provider: undefined, organisation: undefined, auto_bidding: undefined })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
