import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type Bucket, type DayRange, defaultRange } from '../../../../domain/statistics/range';
import type { DashboardStatistics } from '../../../../domain/statistics/schemas';
import { errorText } from '../../../lib/error-toast';
import { formatAud, formatCount, formatDate, formatRate } from '../../../lib/format';
import { useDashboardStatistics } from '../api/get-dashboard-statistics';
import { StatisticsRangePicker } from './statistics-range-picker';
import { sydneyDay } from '../../../../domain/shared/sydney-time';

// The admin dashboard's statistics panel (spec 1 §2 "Dashboards"; docs/statistics.md): figures as numbers and as
// charts for the chosen range; opens on the last 29 days.

const count = new Intl.NumberFormat('en-AU');
const percent = (value: number | null) => (value === null ? '–' : formatRate(value));
const rate = (value: number | null) => (value === null ? '–' : formatRate(value));

/** Hours as "45 min", "5.25 hours" or "3.10 days". */
export function formatResponseTime(hours: number | null): string {
  if (hours === null) return '–';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toFixed(2)} hours`;
  return `${(hours / 24).toFixed(2)} days`;
}

const periodLabel = (period: string, bucket: Bucket) => (bucket === 'month' ? formatDate(period).slice(3) : formatDate(period));

export function StatisticsPanel() {
  const today = sydneyDay(new Date());
  const [range, setRange] = useState<DayRange>(() => defaultRange(today));
  const statistics = useDashboardStatistics(range);
  return (
    <Paper p="md" withBorder component="section" aria-label="Statistics">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={3}>Statistics</Title>
          <StatisticsRangePicker value={range} today={today} onChange={setRange} />
        </Group>
        {statistics.isError && !statistics.data ? (
          <Alert color="red" title="Error!">
            {errorText(statistics.error)}
          </Alert>
        ) : statistics.data ? (
          <Box style={{ opacity: statistics.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }} aria-busy={statistics.isFetching}>
            <Figures figures={statistics.data} />
          </Box>
        ) : (
          <StatisticsSkeleton />
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper p="sm" withBorder role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
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

function Figures({ figures }: { figures: DashboardStatistics }) {
  const { conversion, rates, deals_by_stage: stages } = figures;
  const series = figures.series.map((point) => ({ ...point, label: periodLabel(point.period, figures.bucket) }));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Posts created" value={count.format(figures.posts_created)} />
        <Figure label="Bids placed" value={count.format(figures.bids_placed)} />
        <Figure label="Deals opened" value={count.format(figures.deals_opened)} />
        <Figure label="Settled volume" value={formatAud(figures.settled.volume)} hint={`${count.format(figures.settled.count)} settled`} />
        <Figure label="Post to deal" value={percent(conversion.post_to_deal)} hint={`${count.format(conversion.with_deal)} of ${formatCount(conversion.posts, 'post')}`} />
        <Figure label="Deal to settlement" value={percent(conversion.deal_to_settlement)} hint={`${count.format(conversion.settled)} of ${formatCount(conversion.with_deal, 'deal')}`} />
        <Figure label="Average winning rate" value={rate(rates.average_winning_rate)} hint={`First bid: ${rate(rates.average_first_bid_rate)}`} />
        <Figure label="Providers' response time" value={formatResponseTime(figures.response_time.average_hours)} hint={`Publication to first bid, ${formatCount(figures.response_time.posts, 'post')}`} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartCard title={`Posts and bids by ${figures.bucket}`}>
          <LineChart
            h={220}
            data={series}
            dataKey="label"
            curveType="linear"
            withDots={series.length <= 31}
            series={[
              { name: 'posts_created', label: 'Posts created', color: 'blue.6' },
              { name: 'bids_placed', label: 'Bids placed', color: 'teal.6' },
            ]}
            withLegend
            yAxisProps={{ allowDecimals: false }}
            valueFormatter={(value) => count.format(value)}
          />
        </ChartCard>
        <ChartCard title="Conversion: post → deal → settled">
          <BarChart
            h={220}
            data={[
              { step: 'Posts', posts: conversion.posts },
              { step: 'With a deal', posts: conversion.with_deal },
              { step: 'Settled', posts: conversion.settled },
            ]}
            dataKey="step"
            orientation="vertical"
            yAxisProps={{ width: 90 }}
            xAxisProps={{ allowDecimals: false }}
            series={[{ name: 'posts', label: 'Posts', color: 'indigo.6' }]}
            valueFormatter={(value) => count.format(value)}
          />
        </ChartCard>
        <ChartCard title="Deals by stage now">
          <BarChart
            h={220}
            data={[
              { stage: 'Accepted', deals: stages.accepted },
              { stage: 'Contacted', deals: stages.contacted },
              { stage: 'Applied', deals: stages.applied },
              { stage: 'Closed Won', deals: stages.closed_won },
              { stage: 'On Hold', deals: stages.on_hold },
              { stage: 'Closed Lost', deals: stages.closed_lost },
            ]}
            dataKey="stage"
            series={[{ name: 'deals', label: 'Deals', color: 'grape.6' }]}
            yAxisProps={{ allowDecimals: false }}
            valueFormatter={(value) => count.format(value)}
          />
        </ChartCard>
        <ChartCard title="Average winning rate against the average first bid">
          <BarChart
            h={220}
            data={[{ rate: 'Interest rate', first: rates.average_first_bid_rate ?? 0, winning: rates.average_winning_rate ?? 0 }]}
            dataKey="rate"
            series={[
              { name: 'first', label: 'Average first bid', color: 'orange.6' },
              { name: 'winning', label: 'Average winning rate', color: 'green.6' },
            ]}
            withLegend
            // From a whole percent below the lower rate, so the gap between them shows.
            yAxisProps={{ domain: [(lowest: number) => Math.max(0, Math.floor(lowest) - 1), 'auto'] }}
            valueFormatter={(value) => formatRate(value)}
          />
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="sm" withBorder role="figure" aria-label={title}>
      <Text size="sm" fw={600} mb="xs">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function StatisticsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading statistics">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {Array.from({ length: 8 }, (_, n) => (
          <Skeleton key={n} h={72} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {Array.from({ length: 4 }, (_, n) => (
          <Skeleton key={n} h={250} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
