import { describe, expect, it } from 'vitest';
import { formatAud, formatCount, formatDate, formatMobile, formatPercent, formatRate, formatTime, mobileHref, formatDateTime } from './format';

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

describe('formatPercent', () => {
  it('shows a percentage with two decimals, as the pages and the tables both show an LVR', () => {
    expect(formatPercent(80)).toBe('80.00%');
    expect(formatPercent(75.5)).toBe('75.50%');
  });
});

describe('formatCount', () => {
  it('puts the noun in the singular for one and the plural otherwise', () => {
    expect(formatCount(1, 'post')).toBe('1 post');
    expect(formatCount(0, 'post')).toBe('0 posts');
    expect(formatCount(1204, 'post')).toBe('1,204 posts');
    expect(formatCount(2, 'activity', 'activities')).toBe('2 activities');
  });
});

describe('formatMobile', () => {
  it('shows Australian mobiles in national form, with or without the trunk 0', () => {
    expect(formatMobile('61', '0412345678')).toBe('0412 345 678');
    expect(formatMobile('61', '412345678')).toBe('0412 345 678');
  });
  it('shows other numbers in international form', () => {
    expect(formatMobile('64', '0212345678')).toBe('+64 212345678');
    expect(formatMobile('61', '0298765432')).toBe('+61 298765432');
  });
  it('dials the international number without the trunk 0', () => {
    expect(mobileHref('61', '0400000100')).toBe('tel:+61400000100');
  });
});

describe('formatTime', () => {
  it('shows a time 24-hour, HH:mm', () => {
    expect(formatTime(new Date(2026, 10, 3, 17, 5))).toBe('17:05');
    expect(formatTime(new Date(2026, 10, 3, 9, 30))).toBe('09:30');
  });
});

describe('formatDateTime', () => {
  it('shows a moment as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime(new Date(2026, 10, 3, 21, 7))).toBe('03/11/2026 21:07');
  });
});
