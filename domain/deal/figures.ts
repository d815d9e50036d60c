import type { DealActivity } from './events';
import type { DealStage } from './stages';
import type { DealActivityType } from './schemas';

// Figures shown with a deal and a provider: the deal's value and its label (spec 1 §2 "Deals"), and the counters
// behind the provider's bidding limits with their warning levels (spec 3 §3 "Provider limits", §4 "Bidding limit
// warnings").

export type DealValueLabel = 'Closed Won Value' | 'Application Value' | 'Loan Amount';

type Valued = Pick<DealActivity, 'activity_type' | 'amount'>;

/** 'Closed Won Value' if a closed_won activity exists, else 'Application Value' if an application exists, else 'Loan Amount'. */
export function dealValueLabel(activities: readonly Valued[]): DealValueLabel {
  if (activities.some((a) => a.activity_type === 'closed_won')) return 'Closed Won Value';
  if (activities.some((a) => a.activity_type === 'application')) return 'Application Value';
  return 'Loan Amount';
}

/** The value that goes with the label: the latest amount of that kind of activity, else the loan amount. */
export function dealValue(activities: readonly Valued[], loanAmount: number): number {
  const latest = (type: DealActivityType) => activities.findLast((a) => a.activity_type === type && a.amount !== null)?.amount;
  const label = dealValueLabel(activities);
  if (label === 'Closed Won Value') return latest('closed_won') ?? loanAmount;
  if (label === 'Application Value') return latest('application') ?? loanAmount;
  return loanAmount;
}

const activityLabels: Record<DealActivityType, string> = {
  accept: 'Accepted',
  // spec 1 §2: an external deal's opening activity.
  external_created: 'External deal created',
  contact: 'Contacted',
  note: 'Note',
  application: 'Application',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
  on_hold: 'On Hold',
};
export const activityLabel = (type: DealActivityType) => activityLabels[type];

/** The provider's counters (`total_accepted_bids`, `total_contacted_bids`): its deals now accepted and now contacted. */
export function bidLimitCounts(stages: Iterable<DealStage>): { total_accepted_bids: number; total_contacted_bids: number } {
  let accepted = 0;
  let contacted = 0;
  for (const stage of stages) {
    if (stage === 'accepted') accepted += 1;
    if (stage === 'contacted') contacted += 1;
  }
  return { total_accepted_bids: accepted, total_contacted_bids: contacted };
}

export type BidLimitLevel = 'ok' | 'warning' | 'maxed';

/** spec 3 §4: used / limit at 80% or more is a warning, at 100% or more maxed (no warning). No limit (null) is ok. */
export function bidLimitLevel(used: number, limit: number | null): BidLimitLevel {
  if (limit === null) return 'ok';
  if (used >= limit) return 'maxed';
  return used >= 0.8 * limit ? 'warning' : 'ok';
}

/** Refused bid placement while either limit is maxed (docs/deals.md "Bidding limits"; the spec names no text). */
export const bidLimitReachedMessage = 'You have reached your bidding limit.';
