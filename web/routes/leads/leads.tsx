import { Box, Divider, Group, Paper, Select, Text } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { IconTarget } from '@tabler/icons-react';
import { leadSteps } from '../../../domain/lead/schemas';
import { postOrigins } from '../../../domain/post/constants';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { leadsPageSize, useLeads } from '../../features/leads/api/list-leads';
import { LeadsTable } from '../../features/leads/components/leads-table';
import { leadsRoute } from './leads.route';

const stepOptions = leadSteps.filter((s) => s.step > 0).map((s) => ({ value: String(s.step), label: `At least ${s.label}` }));
const originOptions = postOrigins.map((value) => ({ value, label: value === 'auction' ? 'Post wizard' : 'Comparison tool' }));

export function LeadsPage() {
  const search = leadsRoute.useSearch();
  const navigate = leadsRoute.useNavigate();
  const page = search.page ?? 1;
  const { data, isFetching } = useLeads({ page, min_step: search.min_step, origin: search.origin });
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const filtered = search.min_step !== undefined || search.origin !== undefined;

  return (
    <>
      <PageHeader title="Leads" crumbs={['Leads']} />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        Customers who have not published a post yet: how far they got in the post wizard or the comparison tool, and when they were last seen.
      </Text>
      <Paper>
        <Box p="md">
          <Group gap="sm">
            <Select
              aria-label="How far they got"
              placeholder="Any progress"
              data={stepOptions}
              value={search.min_step === undefined ? null : String(search.min_step)}
              onChange={(value) => void navigate({ search: (previous) => ({ ...previous, min_step: value === null ? undefined : Number(value), page: undefined }) })}
              clearable
              w={{ base: '100%', sm: 260 }}
            />
            <Select
              aria-label="Started from"
              placeholder="Started anywhere"
              data={originOptions}
              value={search.origin ?? null}
              onChange={(value) => void navigate({ search: (previous) => ({ ...previous, origin: postOrigins.find((origin) => origin === value), page: undefined }) })}
              clearable
              w={{ base: '100%', sm: 200 }}
            />
          </Group>
        </Box>
        <Divider />
        <ListBody
          loading={reloading || isFetching}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconTarget size={28} />,
            title: filtered ? 'No leads match these filters' : 'No leads',
            description: filtered ? 'Clear the filters to see every lead.' : 'Every customer has published a post.',
          }}
        >
          <LeadsTable leads={data.result} />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={page}
          count={leadsPageSize}
          shown={data.result.length}
          noun="lead"
          onPage={(next) => void navigate({ search: (previous) => ({ ...previous, page: next === 1 ? undefined : next }) })}
        />
      </Paper>
    </>
  );
}
