import { Badge, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { DetailItem } from '../../../components/detail-item';
import { formatRate } from '../../../lib/format';
import type { BidStatistics, RateFigures } from '../bid-statistics';

const ratesText = (figures: RateFigures | null) => (figures ? `${formatRate(figures.lowest)} / ${formatRate(figures.average)}` : '—');

/** The admin's bid statistics (spec 1 §2 "Admin also sees bid statistics"). */
export function BidStatisticsPanel({ statistics }: { statistics: BidStatistics }) {
  return (
    <Paper p="lg" withBorder data-testid="bid-statistics">
      <Stack gap="md">
        <Title order={4}>Bid statistics</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <DetailItem label="Bids">
            <span data-testid="statistics-count">{statistics.count}</span>
          </DetailItem>
          <DetailItem label="On offer">{statistics.onOffer}</DetailItem>
          <DetailItem label="Comparison rate (lowest / average)">
            <span data-testid="statistics-comparison-rate">{ratesText(statistics.comparisonRate)}</span>
          </DetailItem>
          <DetailItem label="Interest rate (lowest / average)">
            <span data-testid="statistics-interest-rate">{ratesText(statistics.interestRate)}</span>
          </DetailItem>
        </SimpleGrid>
        {statistics.byStatus.length > 0 && (
          <Group gap="xs" aria-label="Bids per status">
            {statistics.byStatus.map((entry) => (
              <Badge key={entry.status} variant="light" color="gray" data-testid="statistics-status">
                {entry.label}: {entry.count}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
