import { Box, Divider, Paper } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import { ListBody } from '../../components/list-body';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { type OrganisationSortField, useOrganisations } from '../../features/organisations/api/list-organisations';
import { useConfirmDeleteOrganisation } from '../../features/organisations/components/confirm-delete-organisation';
import { OrganisationsFilters } from '../../features/organisations/components/organisations-filters';
import { OrganisationsTable } from '../../features/organisations/components/organisations-table';
import { OrganisationsTableSkeleton } from '../../features/organisations/components/organisations-table-skeleton';
import { type OrganisationListSearch, toListParams } from '../../features/organisations/organisation-list-search';
import { ListFooter, pageCount } from '../../components/list-footer';
import { organisationsRoute } from './organisations.route';

function OrganisationsHeader() {
  return (
    <PageHeader
      title="Organisations"
      crumbs={['Organisations']}
      actions={
        <ButtonLink to="/organisations/create" leftSection={<IconPlus size={16} />}>
          Create organisation
        </ButtonLink>
      }
    />
  );
}

export function OrganisationsPending() {
  return (
    <>
      <OrganisationsHeader />
      <Paper>
        <OrganisationsTableSkeleton />
      </Paper>
    </>
  );
}

export function OrganisationsPage() {
  const search = organisationsRoute.useSearch();
  const navigate = organisationsRoute.useNavigate();
  const params = toListParams(search);
  const { data, isFetching } = useOrganisations(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const { confirmDelete, deletingUuid } = useConfirmDeleteOrganisation();

  const setSearch = (changes: Partial<OrganisationListSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes }) });

  function sortBy(field: OrganisationSortField) {
    const direction = field === params.sort ? (params.direction === 'asc' ? 'desc' : 'asc') : field === 'created_at' ? 'desc' : 'asc';
    // The default order (created_at descending, spec 1 §9) keeps the address clean.
    const isDefault = field === 'created_at' && direction === 'desc';
    setSearch({ sort: isDefault ? undefined : field, direction: isDefault ? undefined : direction, page: undefined });
  }

  const pages = pageCount(data.total_records, params.count);
  const filtered = Boolean(params.filter.name || params.filter.organisation_type || params.filter.category || params.filter.status);

  return (
    <>
      <OrganisationsHeader />
      <Paper>
        <Box p="md">
          <OrganisationsFilters filters={search} onChange={(changes) => setSearch({ ...changes, page: undefined })} />
        </Box>
        <Divider />
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconBuilding size={28} />,
            title: filtered ? 'No organisations match these filters' : 'No organisations yet',
            description: filtered ? 'Try another name or clear the filters.' : 'Create the first bank lender or broker.',
          }}
          onLastPage={() => setSearch({ page: pages === 1 ? undefined : pages })}
        >
          <OrganisationsTable
            organisations={data.result}
            sort={params.sort}
            direction={params.direction}
            onSort={sortBy}
            deletingUuid={deletingUuid}
            onDelete={(organisation) => confirmDelete(organisation)}
          />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={params.page}
          count={params.count}
          shown={data.result.length}
          noun="organisation"
          onPage={(page) => setSearch({ page: page === 1 ? undefined : page })}
        />
      </Paper>
    </>
  );
}
