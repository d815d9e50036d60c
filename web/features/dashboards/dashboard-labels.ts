import type { DashboardPostRow, DashboardSortKey } from '../../../domain/post/dashboard';
import { formatDate } from '../../lib/format';

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

/**
 * What happens next for the customer's post, in the customer's words (issue 24: the dashboard said nothing about it).
 * The dates are the post's own: bidding ends at `bidding_period_expiry_on`, the decision is due at `review_bids_on`.
 */
export function customerNextStep(row: Pick<DashboardPostRow, 'status' | 'bidding_period_expiry_on' | 'review_bids_on'>): string {
  const by = (date: string | null, text: string) => (date ? `${text} ${formatDate(date)}` : '');
  switch (row.status) {
    case 'pending':
      return 'Finish and publish your post to receive bids.';
    case 'active':
      return `Lenders and brokers are bidding${by(row.bidding_period_expiry_on, ' until')}. Then you choose the bid you like.`;
    case 'review':
      return `Bidding has ended. Compare the bids and accept one${by(row.review_bids_on, ' by')}.`;
    case 'processing':
      return 'The time to choose has passed; the post stays open a little longer before it expires.';
    case 'opportunity':
      return 'You accepted a bid. The lender contacts you at the times you chose to start your application.';
    case 'closed_won':
      return 'Your loan has settled. You can review your lender on the post.';
    case 'closed_lost':
      return 'This loan is not going ahead. You can create a new post at any time.';
    case 'expired':
      return 'No bid was accepted in time. You can create a new post at any time.';
    case 'cancelled':
      return 'You cancelled this post.';
    default: {
      const _never: never = row.status;
      return _never;
    }
  }
}

/** Posts whose accepted bid no longer leads (it became a deal): the dashboards say so instead of "No active bid". */
export const hasAcceptedBid = (status: DashboardPostRow['status']): boolean => status === 'opportunity' || status === 'closed_won';
