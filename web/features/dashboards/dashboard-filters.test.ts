import { describe, expect, it } from 'vitest';
import type { DashboardFilter } from '../../../domain/post/dashboard';
import { appliedFilterCount, countedFilters, filterStorageKeys, type FilterStore, loadFilters, saveFilters } from './dashboard-filters';

/** localStorage's behaviour over a map. */
function memoryStore(): FilterStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('the dashboard filters', () => {
  it('are saved per owner and read back', () => {
    const store = memoryStore();
    saveFilters(store, 'admin', { states: ['NSW', 'VIC'], credit_band: ['ExcellentCreditBand'] });
    expect(loadFilters(store, 'admin')).toEqual({ states: ['NSW', 'VIC'], credit_band: ['ExcellentCreditBand'] });
    expect(loadFilters(store, 'fsp')).toEqual({});
    expect([...store.map.keys()]).toEqual([filterStorageKeys.admin]);
  });

  it('forget emptied filters, and clearing all removes the key (any)', () => {
    const store = memoryStore();
    saveFilters(store, 'fsp', { states: ['QLD'], loan_type: [] });
    expect(loadFilters(store, 'fsp')).toEqual({ states: ['QLD'] });
    saveFilters(store, 'fsp', { states: [] });
    expect(store.map.size).toBe(0);
  });

  it('read something unreadable or outdated as any', () => {
    const store = memoryStore();
    store.setItem(filterStorageKeys.admin, '{not json');
    expect(loadFilters(store, 'admin')).toEqual({});
    store.setItem(filterStorageKeys.admin, JSON.stringify({ states: ['Atlantis'] }));
    expect(loadFilters(store, 'admin')).toEqual({});
  });

  it('keep the rate type and repayment type, and read an old value saved before them as it was', () => {
    const store = memoryStore();
    saveFilters(store, 'admin', { rate_type: ['fixed', 'any'], repayment_type: ['interest_only'] });
    expect(loadFilters(store, 'admin')).toEqual({ rate_type: ['fixed', 'any'], repayment_type: ['interest_only'] });
    store.setItem(filterStorageKeys.fsp, JSON.stringify({ loan_type: ['refinance'] }));
    expect(loadFilters(store, 'fsp')).toEqual({ loan_type: ['refinance'] });
    store.setItem(filterStorageKeys.fsp, JSON.stringify({ rate_type: ['fortnightly'] }));
    expect(loadFilters(store, 'fsp')).toEqual({});
  });

  it('count each filter that holds a value', () => {
    expect(appliedFilterCount({})).toBe(0);
    expect(appliedFilterCount({ states: ['NSW', 'VIC'], loan_type: [], loan_purpose: ['owner'] })).toBe(2);
  });

  it('count exactly the spec’s six (credit band, loan type, states, loan purpose, rate type, repayment type) and the admin’s status', () => {
    const spec = {
      credit_band: ['ExcellentCreditBand'],
      loan_type: ['refinance'],
      states: ['NSW'],
      loan_purpose: ['investment'],
      rate_type: ['fixed'],
      repayment_type: ['principal_and_interest'],
    } satisfies DashboardFilter;
    expect(countedFilters.filter((key) => key !== 'status').toSorted()).toEqual(Object.keys(spec).toSorted());
    expect(appliedFilterCount(spec)).toBe(6);
    expect(appliedFilterCount({ rate_type: ['any'] })).toBe(1);
    expect(appliedFilterCount({ rate_type: ['any', 'split'], repayment_type: [] })).toBe(1);
    expect(appliedFilterCount({ ...spec, status: ['active', 'review'] })).toBe(7);
    expect(appliedFilterCount({ status: ['pending'] })).toBe(1);
  });
});
