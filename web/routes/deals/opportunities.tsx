import { Box, Divider, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { IconBulb } from '@tabler/icons-react';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { OrganisationFilter } from '../../components/organisation-filter';
import { PageHeader } from '../../components/page-header';
import { opportunitiesPageSize, type OpportunityViewKey, opportunityViews, useOpportunities } from '../../features/deals/api/list-opportunities';
import { OpportunitiesTable } from '../../features/deals/components/opportunities-table';
import { useSession } from '../../lib/session';
import { opportunitiesRoute } from './opportunities.route';

const viewOptions = (Object.keys(opportunityViews) as OpportunityViewKey[]).map((value) => ({ value, label: opportunityViews[value].label }));

export function OpportunitiesPage() {
  const session = useSession();
  const admin = session.user.user_type === 'admin';
  const search = opportunitiesRoute.useSearch();
  const navigate = opportunitiesRoute.useNavigate();
  const page = search.page ?? 1;
  const view = search.view ?? 'open';
  const { data, isFetching } = useOpportunities({ page, view, organisation: search.organisation });
  const reloading = useRouterState({ select: (state) => state.isLoading });

  return (
    <>
      <PageHeader title="Opportunities" crumbs={['Opportunities']} />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        {admin
          ? 'Every post whose customer accepted a bid, with its deal: the ones waiting longest for a next step first.'
          : 'The posts you won, with your deal on each: the ones waiting longest for a next step first.'}
      </Text>
      <Paper>
        <Box p="md">
          <Group gap="sm">
            <SegmentedControl
              aria-label="Deals shown"
              data={viewOptions}
              value={view}
              onChange={(value) => void navigate({ search: (previous) => ({ ...previous, view: value === 'open' ? undefined : (value as OpportunityViewKey), page: undefined }) })}
            />
            {admin && (
              <OrganisationFilter
                value={search.organisation}
                name={search.organisation_name}
                onChange={(organisation, organisationName) => void navigate({ search: (previous) => ({ ...previous, organisation, organisation_name: organisationName, page: undefined }) })}
              />
            )}
          </Group>
        </Box>
        <Divider />
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconBulb size={28} />,
            title: 'No opportunities here',
            description: admin ? 'Posts appear here once a customer accepts a bid.' : 'Posts appear here once a customer accepts one of your bids.',
          }}
        >
          <OpportunitiesTable deals={data.result} showWinner={admin} />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={page}
          count={opportunitiesPageSize}
          shown={data.result.length}
          noun="opportunity"
          onPage={(next) => void navigate({ search: (previous) => ({ ...previous, page: next === 1 ? undefined : next }) })}
        />
      </Paper>
    </>
  );
}
