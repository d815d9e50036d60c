import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, bucketFor, bucketsOf, bucketStart, daysIn, defaultRange, isDay, rangeErrors, rangePresets } from './range';
import { sydneyDay } from '../shared/sydney-time';

describe('the statistics range (spec 1 §2)', () => {
  const today = '2026-11-21';

  it('opens on the last 29 days: today and the 29 days before it', () => {
    expect(defaultRange(today)).toEqual({ from: '2026-10-23', to: today });
  });

  it('offers This Month, Last 7 Days, Last 30 Days and All Time (10 years, not before 01/01/2017)', () => {
    expect(rangePresets(today)).toEqual([
      { label: 'This Month', range: { from: '2026-11-01', to: today } },
      { label: 'Last 7 Days', range: { from: '2026-11-15', to: today } },
      { label: 'Last 30 Days', range: { from: '2026-10-23', to: today } },
      { label: 'All Time', range: { from: '2017-01-01', to: today } },
    ]);
    expect(rangePresets('2030-02-10').at(-1)!.range).toEqual({ from: '2020-02-10', to: '2030-02-10' });
    // 29 February ten years back is no day: the day after.
    expect(rangePresets('2036-02-29').at(-1)!.range.from).toBe('2026-03-01');
  });

  it('accepts a range between 01/01/2017 and today', () => {
    expect(rangeErrors({ from: '2017-01-01', to: today }, today)).toBeNull();
    expect(rangeErrors({ from: today, to: today }, today)).toBeNull();
  });

  it('refuses dates out of bounds, inverted ranges and days that do not exist', () => {
    expect(rangeErrors({ from: '2016-12-31', to: today }, today)).toEqual({ from: ['The date cannot be before 01/01/2017'] });
    expect(rangeErrors({ from: today, to: '2026-11-22' }, today)).toEqual({ to: ['The date cannot be after today'] });
    expect(rangeErrors({ from: '2026-11-02', to: '2026-11-01' }, today)).toEqual({ to: ['The end date cannot be before the start date'] });
    expect(rangeErrors({ from: '2025-02-29', to: '2026-13-01' }, today)).toEqual({
      from: ['Should be a date written YYYY-MM-DD'],
      to: ['Should be a date written YYYY-MM-DD'],
    });
  });

  it('knows real days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('21/11/2026')).toBe(false);
  });

  it('counts the Sydney day of an instant', () => {
    // 14:00 UTC on 21 November is 01:00 on the 22nd in Sydney (daylight saving, UTC+11).
    expect(sydneyDay('2026-11-21T14:00:00Z')).toBe('2026-11-22');
    expect(sydneyDay('2026-11-21T12:00:00Z')).toBe('2026-11-21');
  });
});

describe('the chart buckets', () => {
  it('groups by day up to two months, by week up to a year, by month beyond', () => {
    expect(bucketFor({ from: '2026-10-23', to: '2026-11-21' })).toBe('day');
    expect(bucketFor({ from: '2026-01-01', to: '2026-11-21' })).toBe('week');
    expect(bucketFor({ from: '2017-01-01', to: '2026-11-21' })).toBe('month');
  });

  it('starts weeks on Monday and months on the 1st', () => {
    expect(bucketStart('2026-11-21', 'week')).toBe('2026-11-16'); // a Saturday
    expect(bucketStart('2026-11-16', 'week')).toBe('2026-11-16');
    expect(bucketStart('2026-11-22', 'week')).toBe('2026-11-16'); // a Sunday
    expect(bucketStart('2026-11-21', 'month')).toBe('2026-11-01');
    expect(bucketsOf({ from: '2026-01-31', to: '2026-04-02' }, 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01']);
  });

  it('every day of a range falls in exactly one of its buckets, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 800 }), fc.constantFrom('day', 'week', 'month' as const), (offset, length, bucket) => {
        const from = addDays('2017-01-01', offset);
        const range = { from, to: addDays(from, length) };
        const buckets = bucketsOf(range, bucket);
        expect([...buckets].sort()).toEqual(buckets);
        expect(new Set(buckets).size).toBe(buckets.length);
        for (const day of [range.from, range.to, addDays(range.from, Math.floor(length / 2))]) expect(buckets).toContain(bucketStart(day, bucket));
        expect(daysIn(range)).toBe(length + 1);
      }),
    );
  });
});
