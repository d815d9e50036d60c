import { describe, expect, it } from 'vitest';
import { formatAud, formatDate, formatRate } from './format';

describe('formatDate', () => {
  it('shows a date as DD/MM/YYYY', () => {
    expect(formatDate(new Date(2026, 10, 3))).toBe('03/11/2026');
  });

  it('shows an ISO date string as DD/MM/YYYY', () => {
    expect(formatDate('2026-01-09')).toBe('09/01/2026');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatAud', () => {
  it('shows dollars with thousands separators and no cents', () => {
    expect(formatAud(650000)).toBe('$650,000');
    expect(formatAud(1234.56)).toBe('$1,235');
    expect(formatAud(0)).toBe('$0');
  });
});

describe('formatRate', () => {
  it('shows a percentage with two decimals', () => {
    expect(formatRate(5.2)).toBe('5.20%');
    expect(formatRate(6.199)).toBe('6.20%');
    expect(formatRate(15)).toBe('15.00%');
  });
});
