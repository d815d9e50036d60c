import { Box, Divider, Group, Paper, Select } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { IconUsersGroup } from '@tabler/icons-react';
import { userStatuses } from '../../../domain/user/schemas';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { userStatusLabels } from '../../components/user-status-badge';
import { membersPageSize, useMembers } from '../../features/team/api/list-members';
import { MembersTable } from '../../features/team/components/members-table';
import { OrganisationFilter } from '../../components/organisation-filter';
import { membersRoute } from './members.route';

const providerStatuses = userStatuses.filter((status) => status !== 'creating');
const statusOptions = providerStatuses.map((value) => ({ value, label: userStatusLabels[value] }));

export function MembersPage() {
  const search = membersRoute.useSearch();
  const navigate = membersRoute.useNavigate();
  const page = search.page ?? 1;
  const { data, isFetching } = useMembers({ page, organisation_uuid: search.organisation, status: search.status });
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const filtered = Boolean(search.organisation || search.status);

  return (
    <>
      <PageHeader title="Members" crumbs={['Organisations', 'Members']} />
      <Paper>
        <Box p="md">
          <Group gap="sm">
            <OrganisationFilter
              value={search.organisation}
              name={search.organisation_name}
              onChange={(organisation, organisationName) => void navigate({ search: (previous) => ({ ...previous, organisation, organisation_name: organisationName, page: undefined }) })}
            />
            <Select
              aria-label="Status"
              placeholder="Any status"
              data={statusOptions}
              value={search.status ?? null}
              onChange={(value) => void navigate({ search: (previous) => ({ ...previous, status: providerStatuses.find((status) => status === value), page: undefined }) })}
              clearable
              w={{ base: '100%', sm: 180 }}
            />
          </Group>
        </Box>
        <Divider />
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconUsersGroup size={28} />,
            title: filtered ? 'No members match these filters' : 'No providers yet',
            description: filtered ? 'Clear the filters to see every provider.' : 'Providers appear here once they sign up.',
          }}
        >
          <MembersTable members={data.result} />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={page}
          count={membersPageSize}
          shown={data.result.length}
          noun="member"
          onPage={(next) => void navigate({ search: (previous) => ({ ...previous, page: next === 1 ? undefined : next }) })}
        />
      </Paper>
    </>
  );
}
