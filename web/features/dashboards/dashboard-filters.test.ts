import { describe, expect, it } from 'vitest';
import { appliedFilterCount, filterStorageKeys, type FilterStore, loadFilters, saveFilters } from './dashboard-filters';

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

  it('count each filter that holds a value', () => {
    expect(appliedFilterCount({})).toBe(0);
    expect(appliedFilterCount({ states: ['NSW', 'VIC'], loan_type: [], loan_purpose: ['owner'] })).toBe(2);
  });
});
