import { describe, expect, it } from 'vitest';
import { limitUsage } from './bidding-limits';

describe('bidding limit usage (spec 3 §4)', () => {
  it('is normal below 80 %', () => {
    expect(limitUsage(7, 10)).toEqual({ used: 7, limit: 10, ratio: 0.7, state: 'normal' });
  });
  it('warns from 80 % up to the limit', () => {
    expect(limitUsage(8, 10).state).toBe('warning');
    expect(limitUsage(99, 100).state).toBe('warning');
  });
  it('is maxed at 100 % or more, and no longer warns', () => {
    expect(limitUsage(10, 10).state).toBe('maxed');
    expect(limitUsage(12, 10)).toMatchObject({ ratio: 1.2, state: 'maxed' });
  });
  it('has no ratio without a limit, and a limit of 0 is reached at once', () => {
    expect(limitUsage(5, null)).toEqual({ used: 5, limit: null, ratio: null, state: 'unlimited' });
    expect(limitUsage(0, 0)).toMatchObject({ ratio: 1, state: 'maxed' });
  });
});
