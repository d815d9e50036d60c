import { z } from 'zod';
import { type DealActivityType, dealActivityTypes } from '../../../domain/deal/schemas';
import type { DealStage } from '../../../domain/deal/stages';
import { type DateRangePreset, dateRangePresets, dateRangeProblem, type DayRange, presetRange } from './date-range';

// The deals board's and the lost view's filters (spec 1 §2 "Deals", §7 "Deals", §9) live in the URL: the date range
// (a preset, or custom days), the activity type, and for admins the provider and the organisation. Defaults are
// left out of the URL; a value that does not fit is dropped rather than failing the page.

export type DealViewer = 'fsp' | 'admin';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const dealFilterSearch = z.object({
  range: z.enum([...dateRangePresets, 'custom']).optional().catch(undefined),
  from: isoDay.optional().catch(undefined),
  to: isoDay.optional().catch(undefined),
  activity_type: z.enum(dealActivityTypes).optional().catch(undefined),
  provider: z.uuid().optional().catch(undefined),
  organisation: z.uuid().optional().catch(undefined),
});
export type DealFilterSearch = z.infer<typeof dealFilterSearch>;

/** The filter as the screens use it: always a range of days. */
export type DealFilter = {
  preset: DateRangePreset | 'custom';
  range: DayRange;
  activity_type: DealActivityType | null;
  provider: string | null;
  organisation: string | null;
};

/** spec 1 §9: 10 years back for providers, 29 days back (the last 30 days) for admins. */
export const defaultPresetOf = (viewer: DealViewer): DateRangePreset => (viewer === 'admin' ? 'last_30_days' : 'all_time');

export function dealFilterOf(search: DealFilterSearch, viewer: DealViewer, today: string): DealFilter {
  const fallback = defaultPresetOf(viewer);
  let preset: DealFilter['preset'] = search.range ?? fallback;
  let range: DayRange;
  if (preset === 'custom') {
    const custom = search.from && search.to ? { from: search.from, to: search.to } : null;
    if (custom && dateRangeProblem(custom, today) === null) range = custom;
    else {
      preset = fallback;
      range = presetRange(fallback, today);
    }
  } else {
    range = presetRange(preset, today);
  }
  // spec 1 §6: only admins filter by provider or organisation (the API refuses it from anyone else).
  const admin = viewer === 'admin';
  return {
    preset,
    range,
    activity_type: search.activity_type ?? null,
    provider: admin ? (search.provider ?? null) : null,
    organisation: admin ? (search.organisation ?? null) : null,
  };
}

/** The URL search for a filter: defaults left out. */
export function searchOfDealFilter(filter: DealFilter, viewer: DealViewer): DealFilterSearch {
  const search: DealFilterSearch = {};
  if (filter.preset === 'custom') Object.assign(search, { range: 'custom', from: filter.range.from, to: filter.range.to });
  else if (filter.preset !== defaultPresetOf(viewer)) search.range = filter.preset;
  if (filter.activity_type) search.activity_type = filter.activity_type;
  if (viewer === 'admin' && filter.provider) search.provider = filter.provider;
  if (viewer === 'admin' && filter.organisation) search.organisation = filter.organisation;
  return search;
}

/** `GET /v1/deals` for some stages under the filter, a page at a time, latest change first. */
export function dealListPath(filter: DealFilter, stages: readonly DealStage[], page: number, count: number): string {
  const query = new URLSearchParams({
    page: String(page),
    count: String(count),
    'sorting[updated_at]': 'desc',
    status: stages.join(','),
    activity_date_ini: filter.range.from,
    activity_date_end: filter.range.to,
  });
  if (filter.activity_type) query.set('activity_type', filter.activity_type);
  if (filter.provider) query.set('fsp_uuid', filter.provider);
  if (filter.organisation) query.set('org_uuid', filter.organisation);
  return `/v1/deals?${query.toString()}`;
}
