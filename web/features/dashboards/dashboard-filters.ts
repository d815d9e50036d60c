import { type DashboardFilter, dashboardFilter } from '../../../domain/post/dashboard';

// The dashboards' filters (spec 1 §2 "Dashboards"): states, loan type, loan purpose, credit band, rate type,
// repayment type and, for the admin, status; any by default, saved in this browser with separate keys for the admin
// and the provider.

export type FilterStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type FilterOwner = 'admin' | 'fsp';

export const filterStorageKeys: Record<FilterOwner, string> = { admin: 'dashboard.filters.admin', fsp: 'dashboard.filters.fsp' };

const stored = dashboardFilter.catch({});

/** The saved filters, or none (any) when nothing or something unreadable is stored. */
export function loadFilters(store: FilterStore, owner: FilterOwner): DashboardFilter {
  const text = store.getItem(filterStorageKeys[owner]);
  if (!text) return {};
  try {
    return stored.parse(JSON.parse(text));
  } catch {
    return {};
  }
}

export function saveFilters(store: FilterStore, owner: FilterOwner, filter: DashboardFilter): void {
  const applied = withoutEmpty(filter);
  if (Object.keys(applied).length === 0) store.removeItem(filterStorageKeys[owner]);
  else store.setItem(filterStorageKeys[owner], JSON.stringify(applied));
}

/** The filters that hold a value (an emptied multi-select means any). */
export function withoutEmpty(filter: DashboardFilter): DashboardFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, values]) => Array.isArray(values) && values.length > 0));
}

/**
 * The filters the applied count counts (spec 1 §2: credit band, loan type, states, loan purpose, rate type, repayment
 * type), and the admin's status: it narrows the list as much as the others, so it counts, as it always did
 * (docs/dashboards.md "Decisions").
 */
export const countedFilters = ['credit_band', 'loan_type', 'states', 'loan_purpose', 'rate_type', 'repayment_type', 'status'] as const satisfies readonly (keyof DashboardFilter)[];

/** How many filters are applied (the badge beside the filters). */
export const appliedFilterCount = (filter: DashboardFilter): number => countedFilters.filter((key) => (filter[key]?.length ?? 0) > 0).length;

