import { Alert, Badge, Group, Loader, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SimulationView } from '../../../contracts/auto-bidding-simulation';
import { PageHeader } from '../../components/page-header';
import { AnchorLink } from '../../components/router-link';
import { useSimulation, templateSimulationsQueryOptions } from '../../features/bid-templates/api/simulations';
import { SimulationMatchedTable } from '../../features/bid-templates/components/simulation-matched-table';
import { SimulationWhyNotChart } from '../../features/bid-templates/components/simulation-why-not-chart';
import { formatDate, formatDateTime } from '../../lib/format';
import { simulationRoute } from './simulation.route';

// The auto-bidding simulation's page (docs/auto-bidding.md "Simulation"): its status while it runs (polled), then
// the summary, the why-not chart and the posts matched; the template's other simulations below.

const statusLabels: Record<SimulationView['status'], string> = { requested: 'Requested', running: 'Running', done: 'Done', failed: 'Failed' };
const statusColours: Record<SimulationView['status'], string> = { requested: 'gray', running: 'blue', done: 'teal', failed: 'red' };
const failures: Record<string, string> = { template_deleted: 'The bid template was deleted before the simulation ran.' };

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} aria-label={label}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

const limitText = ({ projected, limit }: { projected: number; limit: number | null }) => (limit === null ? `${projected} (no limit)` : `${projected} of ${limit}`);
const levelHint = (level: 'ok' | 'warning' | 'maxed') => (level === 'maxed' ? 'Limit reached: auto-bidding would stop' : level === 'warning' ? 'Close to the limit' : undefined);

export function SimulationPage() {
  const { simulationId } = simulationRoute.useParams();
  const { data: simulation } = useSimulation(simulationId);
  const { result } = simulation;
  const title = `Simulation of ${simulation.template_name ?? 'automatic bidding'}`;
  const running = simulation.status === 'requested' || simulation.status === 'running';
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          <AnchorLink key="list" to="/bid-templates" size="sm" c="dimmed">
            Bid Templates
          </AnchorLink>,
          'Simulation',
        ]}
        actions={
          <Badge size="lg" color={statusColours[simulation.status]} aria-label="Status">
            {statusLabels[simulation.status]}
          </Badge>
        }
      />
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Posts published from {formatDate(simulation.period_from)} to {formatDate(simulation.period_to)} ({simulation.review_period === 1 ? '1 day' : `${simulation.review_period} days`}), asked
          for on {formatDateTime(simulation.requested_at)}. No bid was placed and the template was not changed.
        </Text>
        {running && (
          <Paper withBorder p="md" aria-busy>
            <Group gap="sm" mb="xs">
              <Loader size="sm" />
              <Text size="sm">{simulation.status === 'requested' ? 'Waiting to start…' : 'Simulating the posts of the period…'}</Text>
            </Group>
            <Progress value={simulation.status === 'requested' ? 15 : 60} animated aria-label="Simulation progress" />
          </Paper>
        )}
        {simulation.status === 'failed' && <Alert color="red">{failures[simulation.failure ?? ''] ?? 'The simulation could not run.'}</Alert>}
        {result && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
              <Figure label="Posts in the period" value={String(result.posts_considered)} />
              <Figure label="Posts matched" value={String(result.posts_matched)} />
              <Figure label="Would have led" value={String(result.posts_won)} hint="Matched posts where its bid ranks first" />
              <Figure label="Accepted deals" value={limitText(result.limits.accepted)} hint={levelHint(result.limits.accepted.level) ?? `${result.limits.accepted.used} now`} />
              <Figure label="Contacted deals" value={limitText(result.limits.contacted)} hint={levelHint(result.limits.contacted.level) ?? `${result.limits.contacted.used} now`} />
            </SimpleGrid>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                Why not
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                The posts turned away, by the first rule each one failed.
              </Text>
              <SimulationWhyNotChart whyNot={result.why_not} />
            </Paper>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                Posts matched
              </Title>
              <SimulationMatchedTable matched={result.matched} />
            </Paper>
          </>
        )}
        <TemplateSimulations templateUuid={simulation.home_loan_bid_template_uuid} current={simulation.uuid} />
      </Stack>
    </>
  );
}

/** The template's last simulations (the one shown included), to compare after a change of its rules. */
function TemplateSimulations({ templateUuid, current }: { templateUuid: string; current: string }) {
  const { data } = useQuery(templateSimulationsQueryOptions(templateUuid));
  if (!data || data.records.length < 2) return null;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        This template’s simulations
      </Title>
      <Table aria-label="This template’s simulations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Asked for</Table.Th>
            <Table.Th>Review period</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.records.map((record) => (
            <Table.Tr key={record.uuid}>
              <Table.Td>
                {record.uuid === current ? (
                  formatDateTime(record.requested_at)
                ) : (
                  <AnchorLink to="/bid-templates/simulations/$simulationId" params={{ simulationId: record.uuid }} size="sm">
                    {formatDateTime(record.requested_at)}
                  </AnchorLink>
                )}
              </Table.Td>
              <Table.Td>{record.review_period === 1 ? '1 day' : `${record.review_period} days`}</Table.Td>
              <Table.Td>{statusLabels[record.status]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
