import { describe, expect, it } from 'vitest';
import { sydneyDate, sydneyDay, sydneyYear } from './sydney-time';

describe('Sydney time', () => {
  it('given an instant past midnight in Sydney but not in UTC (daylight time, +11), then the Sydney day, year and date', () => {
    expect(sydneyDay('2026-12-31T13:30:00.000Z')).toBe('2027-01-01');
    expect(sydneyYear('2026-12-31T13:30:00.000Z')).toBe(2027);
    expect(sydneyDate('2026-12-31T13:30:00.000Z')).toBe('01/01/2027');
  });

  it('given an instant in standard time (+10), then the day turns at 14:00 UTC', () => {
    expect(sydneyDay(new Date('2026-06-30T13:59:59.000Z'))).toBe('2026-06-30');
    expect(sydneyDay(new Date('2026-06-30T14:00:00.000Z'))).toBe('2026-07-01');
    expect(sydneyDate('2026-06-30T14:00:00.000Z')).toBe('01/07/2026');
  });
});
