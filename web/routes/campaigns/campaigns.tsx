import { Box, Divider, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRouterState } from '@tanstack/react-router';
import { IconPlus, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { campaignFilter, campaignStatuses } from '../../../domain/campaign/schemas';
import { ListBody } from '../../components/list-body';
import { ListFooter, pageCount } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { TableSkeleton } from '../../components/table-skeleton';
import { type CampaignSortField, useCampaigns } from '../../features/campaigns/api/list-campaigns';
import { campaignStatusLabels } from '../../features/campaigns/campaign-labels';
import { type CampaignListSearch, toCampaignListParams } from '../../features/campaigns/campaign-list-search';
import { CampaignsTable } from '../../features/campaigns/components/campaigns-table';
import { useConfirmDeleteCampaign } from '../../features/campaigns/components/confirm-delete-campaign';
import { campaignsRoute } from './campaigns.route';

function CampaignsHeader() {
  return (
    <PageHeader
      title="Campaigns"
      crumbs={['Campaigns']}
      actions={
        <ButtonLink to="/campaigns/create" leftSection={<IconPlus size={16} />}>
          Create campaign
        </ButtonLink>
      }
    />
  );
}

export function CampaignsPending() {
  return (
    <>
      <CampaignsHeader />
      <Paper>
        <TableSkeleton label="Loading campaigns" rows={10} withHeading columns={[{ h: 12, flex: 2 }, { h: 12, flex: 1 }, { h: 12, flex: 1 }, { h: 12, w: 40 }, { h: 12, w: 40 }, { h: 12, w: 80 }, { h: 12, w: 60 }]} />
      </Paper>
    </>
  );
}

const statusOptions = campaignStatuses.map((value) => ({ value, label: campaignStatusLabels[value] }));

function CampaignsFilters({ filters, onChange }: { filters: Pick<CampaignListSearch, 'name' | 'status'>; onChange: (changes: Pick<CampaignListSearch, 'name' | 'status'>) => void }) {
  const [name, setName] = useState(filters.name ?? '');
  // spec 1 §5: filter inputs allow only word characters and spaces, as the API checks.
  const nameCheck = campaignFilter.shape.name.safeParse(name);
  const applyName = useDebouncedCallback((value: string) => {
    const checked = campaignFilter.shape.name.safeParse(value);
    if (checked.success) onChange({ name: checked.data || undefined });
  }, 300);
  return (
    <Group gap="sm" align="flex-start">
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
        aria-label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={filters.status ?? null}
        onChange={(value) => onChange({ status: campaignStatuses.find((status) => status === value) })}
        clearable
        w={{ base: '100%', sm: 160 }}
      />
    </Group>
  );
}

export function CampaignsPage() {
  const search = campaignsRoute.useSearch();
  const navigate = campaignsRoute.useNavigate();
  const params = toCampaignListParams(search);
  const { data, isFetching } = useCampaigns(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const { confirmDelete, deletingUuid } = useConfirmDeleteCampaign();
  const setSearch = (changes: Partial<CampaignListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...changes }) });

  function sortBy(field: CampaignSortField) {
    const direction = field === params.sort ? (params.direction === 'asc' ? 'desc' : 'asc') : field === 'name' || field === 'slug' || field === 'status' ? 'asc' : 'desc';
    const isDefault = field === 'created_at' && direction === 'desc';
    setSearch({ sort: isDefault ? undefined : field, direction: isDefault ? undefined : direction, page: undefined });
  }

  const pages = pageCount(data.total_records, params.count);
  const filtered = Boolean(params.filter.name || params.filter.status);
  return (
    <>
      <CampaignsHeader />
      <Paper>
        <Box p="md">
          <CampaignsFilters filters={search} onChange={(changes) => setSearch({ ...changes, page: undefined })} />
        </Box>
        <Divider />
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconSpeakerphone size={28} />,
            title: filtered ? 'No campaigns match these filters' : 'No campaigns yet',
            description: filtered ? 'Try another name or clear the filters.' : 'Create a campaign to hand out a link that counts the posts it brings.',
          }}
          onLastPage={() => setSearch({ page: pages === 1 ? undefined : pages })}
        >
          <CampaignsTable campaigns={data.result} sort={params.sort} direction={params.direction} onSort={sortBy} deletingUuid={deletingUuid} onDelete={(campaign) => confirmDelete(campaign)} />
        </ListBody>
        <ListFooter total={data.total_records} page={params.page} count={params.count} shown={data.result.length} noun="campaign" onPage={(page) => setSearch({ page: page === 1 ? undefined : page })} />
      </Paper>
    </>
  );
}
