import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DayRange } from '../../../../domain/statistics/range';
import { dashboardStatistics } from '../../../../domain/statistics/schemas';
import { apiFetch } from '../../../lib/api-fetch';

// GET /v1/statistics/dashboard (docs/statistics.md): the admin's statistics panel for a date range.

export const statisticsKeys = {
  all: ['statistics', 'dashboard'] as const,
  range: (range: DayRange) => ['statistics', 'dashboard', range.from, range.to] as const,
};

export function dashboardStatisticsQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: statisticsKeys.range(range),
    queryFn: ({ signal }) => apiFetch(`/v1/statistics/dashboard?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`, { schema: dashboardStatistics, signal }),
  });
}

/** Keeps the previous range's figures on screen (dimmed) while the next range loads. */
export function useDashboardStatistics(range: DayRange) {
  return useQuery({ ...dashboardStatisticsQueryOptions(range), placeholderData: keepPreviousData });
}
