import { useState } from 'react';
import type { DashboardFilter } from '../../../domain/post/dashboard';
import { type FilterOwner, loadFilters, saveFilters, withoutEmpty } from './dashboard-filters';

/** The dashboard's filters, kept in localStorage under the owner's key so they survive a reload (spec 1 §2). */
export function useSavedFilters(owner: FilterOwner): [DashboardFilter, (filter: DashboardFilter) => void] {
  const [filter, setFilter] = useState(() => loadFilters(window.localStorage, owner));
  const change = (next: DashboardFilter) => {
    const applied = withoutEmpty(next);
    saveFilters(window.localStorage, owner, applied);
    setFilter(applied);
  };
  return [filter, change];
}
