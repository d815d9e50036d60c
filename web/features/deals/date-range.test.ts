import { describe, expect, it } from 'vitest';
import { dateRangeMessages, dateRangeProblem, formatDateRangeText, parseDateRangeText, presetRange } from './date-range';

const today = '2026-11-21';

describe('the date-range filter text (spec 1 §5)', () => {
  it('reads two d/m/y dates separated by " - "', () => {
    expect(parseDateRangeText('01/02/2020 - 3/4/2021')).toEqual({ ok: true, range: { from: '2020-02-01', to: '2021-04-03' } });
  });

  it.each([
    ['one date', '01/02/2020'],
    ['another separator', '01/02/2020 – 03/04/2021'],
    ['no spaces around the dash', '01/02/2020-03/04/2021'],
    ['two parts', '01/2020 - 03/04/2021'],
    ['four parts', '01/02/2020/1 - 03/04/2021'],
    ['a zero', '00/02/2020 - 03/04/2021'],
    ['a two-digit year', '01/02/20 - 03/04/2021'],
    ['a five-digit year', '01/02/2020 - 03/04/20210'],
    ['letters', '01/Feb/2020 - 03/04/2021'],
    ['three dates', '01/02/2020 - 03/04/2021 - 05/06/2022'],
  ])('refuses %s', (_case, text) => {
    expect(parseDateRangeText(text)).toEqual({ ok: false, message: dateRangeMessages.format });
  });

  it('refuses a day the calendar does not have', () => {
    expect(parseDateRangeText('31/02/2020 - 03/04/2021')).toEqual({ ok: false, message: dateRangeMessages.notADay });
  });

  it('writes what it reads', () => {
    const range = { from: '2016-01-01', to: today };
    expect(formatDateRangeText(range)).toBe('01/01/2016 - 21/11/2026');
    expect(parseDateRangeText(formatDateRangeText(range))).toEqual({ ok: true, range });
  });
});

describe('the range bounds (spec 1 §5: minimum 01/01/2016, maximum today)', () => {
  it('takes days between them, in order', () => {
    expect(dateRangeProblem({ from: '2016-01-01', to: today }, today)).toBeNull();
  });
  it('refuses days before 01/01/2016, after today, or reversed', () => {
    expect(dateRangeProblem({ from: '2015-12-31', to: today }, today)).toBe(dateRangeMessages.tooEarly);
    expect(dateRangeProblem({ from: '2020-01-01', to: '2026-11-22' }, today)).toBe(dateRangeMessages.future);
    expect(dateRangeProblem({ from: '2021-01-02', to: '2021-01-01' }, today)).toBe(dateRangeMessages.reversed);
  });
});

describe('the presets (spec 1 §9)', () => {
  it('last 7 days and last 30 days end today, 6 and 29 days back', () => {
    expect(presetRange('last_7_days', today)).toEqual({ from: '2026-11-15', to: today });
    expect(presetRange('last_30_days', today)).toEqual({ from: '2026-10-23', to: today });
  });
  it('all time is 10 years back', () => {
    expect(presetRange('all_time', today)).toEqual({ from: '2016-11-21', to: today });
    expect(presetRange('all_time', '2028-02-29')).toEqual({ from: '2018-02-28', to: '2028-02-29' });
  });
  it('crosses months and years', () => {
    expect(presetRange('last_7_days', '2026-01-03')).toEqual({ from: '2025-12-28', to: '2026-01-03' });
  });
});
