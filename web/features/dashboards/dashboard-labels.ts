import type { DashboardSortKey } from '../../../domain/post/dashboard';

// The words the dashboards show for the post's values and the sort menu (spec 1 §2 "Sort menus on dashboards").

export { loanPurposeLabels, loanTypeLabels, preferredRateTypeLabels, repaymentTypeLabels } from '../../../domain/post/labels';

export type SortOption = { label: string; key: DashboardSortKey; direction: 'asc' | 'desc' };

/** The post's own orders first (the role's default among them), then the leading bid's figures, best first. */
export const sortOptions: readonly SortOption[] = [
  { label: 'Newest first', key: 'created_at', direction: 'desc' },
  { label: 'Review date', key: 'review_bids_on', direction: 'asc' },
  { label: 'Lender experience', key: 'lender_since', direction: 'asc' },
  { label: 'Comparison rate', key: 'comparison_rate', direction: 'asc' },
  { label: 'Interest rate', key: 'interest_rate', direction: 'asc' },
  { label: 'Lending organisation name', key: 'organisation_name', direction: 'asc' },
  { label: 'Bid order', key: 'bid_created_at', direction: 'asc' },
];
