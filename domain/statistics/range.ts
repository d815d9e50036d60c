// The admin statistics panel's date range (spec 1 §2 "Dashboards"): presets This Month, Last 7 Days, Last 30 Days,
// All Time (10 years) and custom; default the last 29 days (today and the 29 days before it); 01/01/2017 to today.
// Days are YYYY-MM-DD texts in Sydney time (like a deal's activity_date); the server and the UI share these rules.

import { dayAsWritten } from '../shared/sydney-time';

export const statisticsMinDay = '2017-01-01';
/** spec 1 §2: the default range starts 29 days before today. */
export const defaultRangeDays = 29;

export type DayRange = { from: string; to: string };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  if (!dayPattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted (2026-11-01 to 2026-11-01 is 1). */
export function daysIn(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const rangeMessages = {
  invalidDate: 'Should be a date written YYYY-MM-DD',
  beforeMinimum: `The date cannot be before ${dayAsWritten(statisticsMinDay)}`,
  afterToday: 'The date cannot be after today',
  inverted: 'The end date cannot be before the start date',
} as const;

/** Field errors of a range against the bounds (01/01/2017 to `today`), or null when it is valid. */
export function rangeErrors(range: { from: string; to: string }, today: string): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const field of ['from', 'to'] as const) {
    const day = range[field];
    if (!isDay(day)) errors[field] = [rangeMessages.invalidDate];
    else if (day < statisticsMinDay) errors[field] = [rangeMessages.beforeMinimum];
    else if (day > today) errors[field] = [rangeMessages.afterToday];
  }
  if (!errors.from && !errors.to && range.to < range.from) errors.to = [rangeMessages.inverted];
  return Object.keys(errors).length > 0 ? errors : null;
}

export type RangePreset = { label: 'This Month' | 'Last 7 Days' | 'Last 30 Days' | 'All Time'; range: DayRange };

const notBeforeMinimum = (day: string) => (day < statisticsMinDay ? statisticsMinDay : day);

/** The picker's presets on `today` (spec 1 §2, §9); All Time is 10 years back, cut at the minimum date. */
export function rangePresets(today: string): RangePreset[] {
  const tenYearsBack = `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`;
  return [
    { label: 'This Month', range: { from: `${today.slice(0, 8)}01`, to: today } },
    { label: 'Last 7 Days', range: { from: addDays(today, -6), to: today } },
    { label: 'Last 30 Days', range: { from: addDays(today, -29), to: today } },
    // 29 February ten years back does not exist in most years: the day after.
    { label: 'All Time', range: { from: notBeforeMinimum(isDay(tenYearsBack) ? tenYearsBack : addDays(`${tenYearsBack.slice(0, 8)}28`, 1)), to: today } },
  ].map((preset) => ({ ...preset, range: { from: notBeforeMinimum(preset.range.from), to: preset.range.to } })) as RangePreset[];
}

/** spec 1 §2: the panel opens on the last 29 days (today and the 29 before it). */
export const defaultRange = (today: string): DayRange => ({ from: notBeforeMinimum(addDays(today, -defaultRangeDays)), to: today });

export type Bucket = 'day' | 'week' | 'month';

/** How the charts group the days: by day up to two months, by week up to a year, else by month. */
export function bucketFor(range: DayRange): Bucket {
  const days = daysIn(range);
  if (days <= 62) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

/** The first day of the bucket a day falls in (weeks start on Monday, like the date picker). */
export function bucketStart(day: string, bucket: Bucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every bucket of the range in order, so a chart shows the days without activity as zero. */
export function bucketsOf(range: DayRange, bucket: Bucket): string[] {
  const starts: string[] = [];
  let start = bucketStart(range.from, bucket);
  while (start <= range.to) {
    starts.push(start);
    if (bucket === 'day') start = addDays(start, 1);
    else if (bucket === 'week') start = addDays(start, 7);
    else start = addDays(`${start.slice(0, 8)}28`, 4).slice(0, 8) + '01';
  }
  return starts;
}
