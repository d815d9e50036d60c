import { Badge, Button, Center, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { DealStage } from '../../../../domain/deal/stages';
import { useDeals } from '../api/list-deals';
import type { DealFilter } from '../deal-filters';
import { stageColours, stageTitles } from '../../../components/deal-stage';
import { DealCard } from './deal-card';

type Props = {
  stage: DealStage;
  filter: DealFilter;
  /** False while the filter form is invalid: nothing loads (spec 1 §5). */
  enabled: boolean;
  showProvider: boolean;
  /** The lost view lays its one column out as a grid of cards. */
  wide?: boolean;
};

/** One column of the board (or the lost view): its deals under the filter, 25 at a time. */
export function DealColumn({ stage, filter, enabled, showProvider, wide = false }: Props) {
  const deals = useDeals(filter, [stage], enabled);
  const { title, waiting } = stageTitles[stage];
  const shown = deals.data?.pages.flatMap((page) => page.result) ?? [];
  const total = deals.data?.pages[0]?.total_records;

  return (
    <Paper withBorder p="sm" bg="gray.0" component="section" aria-label={title} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div>
            <Title order={5}>{title}</Title>
            {waiting && (
              <Text size="xs" c="dimmed">
                {waiting}
              </Text>
            )}
          </div>
          {enabled && total !== undefined && (
            <Badge color={stageColours[stage]} variant="light" data-testid="column-total">
              {total}
            </Badge>
          )}
        </Group>
        {!enabled ? (
          <Text size="xs" c="dimmed" ta="center" py="md">
            Correct the filter to load the deals.
          </Text>
        ) : deals.isPending ? (
          <Stack gap="xs" data-testid="column-loading">
            <Skeleton h={96} radius="md" />
            <Skeleton h={96} radius="md" />
          </Stack>
        ) : deals.isError ? (
          <Text size="xs" c="red" ta="center" py="md">
            The deals could not be loaded.{' '}
            <Button variant="subtle" size="compact-xs" onClick={() => void deals.refetch()}>
              Try again
            </Button>
          </Text>
        ) : shown.length === 0 ? (
          <Text size="xs" c="dimmed" ta="center" py="md">
            No deals
          </Text>
        ) : (
          <Stack gap="xs" style={{ opacity: deals.isFetching && !deals.isFetchingNextPage ? 0.6 : 1 }}>
            <SimpleGrid cols={wide ? { base: 1, sm: 2, lg: 4 } : 1} spacing="xs">
              {shown.map((deal) => (
                <DealCard key={deal.uuid} deal={deal} showProvider={showProvider} />
              ))}
            </SimpleGrid>
            {deals.hasNextPage && (
              <Center>
                <Button variant="subtle" size="xs" loading={deals.isFetchingNextPage} onClick={() => void deals.fetchNextPage()}>
                  Show more ({shown.length} of {total})
                </Button>
              </Center>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
