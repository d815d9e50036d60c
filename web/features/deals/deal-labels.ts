import type { AddableActivityType, NotProceedingReason, Weekday } from '../../../domain/deal/schemas';
import type { BidLimitLevel } from '../../../domain/deal/figures';
import type { DealSummaryView } from '../../../contracts/deal';
import { postTitleOf } from '../../lib/post-title';

// Words the deal screens show for the domain's values (spec 1 §2 "Deals", §3); the stages' in web/components/deal-stage.tsx.

/** spec 1 §3 "Not-proceeding reasons". */
export const notProceedingReasonLabels: Record<NotProceedingReason, string> = {
  uncontactable: 'Uncontactable',
  credit_or_serviceability_issues: 'Credit or serviceability issues',
  working_with_another_party: 'Working with another party',
  retained_by_existing_lender: 'Retained by existing lender',
  change_of_mind: 'Change of mind',
  no_reason: 'No reason',
  other: 'Other',
};

/** What the add-activity menu offers, in the order a deal moves. */
export const addActivityLabels: Record<AddableActivityType, string> = {
  contact: 'Contact',
  application: 'Application',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
  on_hold: 'On Hold',
  note: 'Note',
};


export const weekdayLabels: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

export const limitLevelColours: Record<BidLimitLevel, string> = { ok: 'teal', warning: 'orange', maxed: 'red' };

/**
 * A deal's title (issue 24: "Deal 3c43a91e" named nothing): the customer and the post's name (web/lib/post-title.ts),
 * "Chloe Jones · Refinance · $450,000 · Bondi NSW". The customer's name only reaches the winning provider and admins
 * (spec 1 §6); anyone else reads the post alone.
 */
export function dealTitleOf(deal: Pick<DealSummaryView, 'customer_name' | 'post'>): string {
  const post = deal.post ? postTitleOf(deal.post, '') : '';
  return [deal.customer_name, post || null].filter(Boolean).join(' · ') || 'Deal';
}
