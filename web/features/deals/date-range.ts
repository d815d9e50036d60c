// The deals filter's date range (spec 1 §2 "Dashboards", §5, §9): presets last 7 days, last 30 days and all time
// (10 years), or a custom range typed as 'DD/MM/YYYY - DD/MM/YYYY' or picked; days between 01/01/2016 and today.
// Dates travel as ISO days (YYYY-MM-DD), the API's activity_date_ini / activity_date_end. `today` comes from the
// caller so these stay pure.

import { dayAsWritten } from '../../../domain/shared/sydney-time';

export const dateRangePresets = ['last_7_days', 'last_30_days', 'all_time'] as const;
export type DateRangePreset = (typeof dateRangePresets)[number];

export const dateRangePresetLabels: Record<DateRangePreset | 'custom', string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  all_time: 'All time',
  custom: 'Custom range',
};

/** spec 1 §5: the deals date picker's minimum (dashboards use 01/01/2017). */
export const earliestDealsDay = '2016-01-01';

export type DayRange = { from: string; to: string };

export const dateRangeMessages = {
  format: 'Enter two dates as DD/MM/YYYY - DD/MM/YYYY',
  notADay: 'Enter real calendar dates',
  tooEarly: `The dates cannot be before ${dayAsWritten(earliestDealsDay)}`,
  future: 'The dates cannot be after today',
  reversed: 'The start date cannot be after the end date',
} as const;

/** A calendar day `days` before an ISO day (UTC arithmetic on the day itself, so no time zone shifts it). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function yearsBefore(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // 29 February ten years back is 28 February.
  const target = new Date(Date.UTC(year - years, month - 1, 1));
  const lastOfMonth = new Date(Date.UTC(year - years, month, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastOfMonth));
  return target.toISOString().slice(0, 10);
}

/** The days a preset covers, ending today: 'last 30 days' starts 29 days back, as spec 1 §9's admin default. */
export function presetRange(preset: DateRangePreset, today: string): DayRange {
  switch (preset) {
    case 'last_7_days':
      return { from: daysBefore(today, 6), to: today };
    case 'last_30_days':
      return { from: daysBefore(today, 29), to: today };
    case 'all_time':
      return { from: yearsBefore(today, 10), to: today };
    default: {
      const _never: never = preset;
      return _never;
    }
  }
}

const isoDay = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
};

/**
 * spec 1 §5 "Date-range filter text": two dates separated by ' - ', each d/m/y with three parts, all greater than 0;
 * years must have four digits. Answers the ISO days, or the message to show under the field.
 */
export function parseDateRangeText(text: string): { ok: true; range: DayRange } | { ok: false; message: string } {
  const halves = text.trim().split(' - ');
  if (halves.length !== 2) return { ok: false, message: dateRangeMessages.format };
  const days: string[] = [];
  for (const half of halves) {
    const parts = half.trim().split('/');
    if (parts.length !== 3 || parts.some((part) => !/^\d+$/.test(part) || Number(part) <= 0)) return { ok: false, message: dateRangeMessages.format };
    const [day, month, year] = parts as [string, string, string];
    if (year.length !== 4) return { ok: false, message: dateRangeMessages.format };
    const iso = isoDay(Number(year), Number(month), Number(day));
    if (!iso) return { ok: false, message: dateRangeMessages.notADay };
    days.push(iso);
  }
  return { ok: true, range: { from: days[0]!, to: days[1]! } };
}

/** Why a range cannot be used to load deals, or null: the picker's bounds (spec 1 §5) and the order of its ends. */
export function dateRangeProblem(range: DayRange, today: string): string | null {
  if (range.from < earliestDealsDay || range.to < earliestDealsDay) return dateRangeMessages.tooEarly;
  if (range.from > today || range.to > today) return dateRangeMessages.future;
  if (range.from > range.to) return dateRangeMessages.reversed;
  return null;
}

/** 'DD/MM/YYYY - DD/MM/YYYY', the text `parseDateRangeText` reads. */
export const formatDateRangeText = (range: DayRange): string => `${dayAsWritten(range.from)} - ${dayAsWritten(range.to)}`;
